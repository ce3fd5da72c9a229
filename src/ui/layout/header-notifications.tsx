import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../hooks/use-dismiss.ts';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { minorUnitsSchema } from '../../contract/wallet.ts';
import type { NotificationEvent } from '../../contract/realtime.ts';
import { Toast } from '../components/toast.tsx';
import { CloseIcon } from '../components/icons.tsx';
import { useFormat } from '../hooks/use-format.ts';
import { useSession } from '../identity/identity-flows.ts';
import '../member-center/member-center.css';

const BellIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </svg>
);

/** A notification in the player's language: its title and, when there is one, its text. */
export function wordNotification(
  t: TFunction<'member-center'>,
  notification: NotificationEvent,
  money: (minor: bigint) => string,
): { title: string; text: string } {
  if (notification.kind === 'message') {
    const text = notification.params.text;
    return {
      title: notification.title ?? t('notifications.kind.message'),
      text: typeof text === 'string' ? text : '',
    };
  }
  const title = t(`notifications.kind.${notification.kind}`);
  // A redemption's news says what became of it; it has no amount.
  if (notification.kind.startsWith('redemption')) {
    return { title, text: t(`notifications.text.${notification.kind}`) };
  }
  const amount = minorUnitsSchema.safeParse(String(notification.params.amount ?? ''));
  if (!amount.success) return { title, text: '' };
  // The other params (a lottery win's game and draw number) fill the text as they are.
  const { game, numero } = notification.params;
  return {
    title,
    text: t(`notifications.text.${notification.kind}`, {
      game,
      numero,
      amount: money(BigInt(amount.data)),
    }),
  };
}

function useWording() {
  const { t } = useTranslation('member-center');
  const { money } = useFormat();
  return useCallback(
    (notification: NotificationEvent) => wordNotification(t, notification, money),
    [t, money],
  );
}

/**
 * New notifications (deposit arrival or failure, withdrawal approval or rejection, operator
 * messages) as toasts, newest first, one at a time. Closing a toast only hides it: the
 * notification stays in the header's list until dismissed there.
 */
export function NotificationToasts() {
  const session = useSession();
  const notifications = useSelector(session, (s) => s.context.notifications);
  const word = useWording();
  // Those already in the list when this mounts were toasted before.
  const [shown, setShown] = useState(() => new Set(notifications.map((n) => n.id)));
  const next = notifications.find((n) => !shown.has(n.id)) ?? null;
  const nextId = next?.id ?? null;
  // One stable close handler, so the toast's own timer is not restarted by other renders.
  const current = useRef(nextId);
  useEffect(() => {
    current.current = nextId;
  }, [nextId]);
  const hide = useCallback(() => {
    const id = current.current;
    if (id) setShown((before) => new Set(before).add(id));
  }, []);

  let message: string | null = null;
  if (next) {
    const { title, text } = word(next);
    message = text ? `${title}: ${text}` : title;
  }
  return <Toast message={message} tone="info" onClose={hide} testId="notification-toasts" />;
}

/**
 * The bell in the logged-in header: the count of notifications plus unread platform messages
 * (live from the socket's unread count), the list with dismiss buttons, and a way to the
 * messages.
 */
export function NotificationBell({ onOpenMessages }: { onOpenMessages: () => void }) {
  const { t } = useTranslation('member-center');
  const session = useSession();
  const notifications = useSelector(session, (s) => s.context.notifications);
  const unread = useSelector(session, (s) => s.context.unread ?? 0);
  const word = useWording();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const count = notifications.length + unread;

  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const when = useFormat().dateTime;
  const dismiss = (id: string) => session.send({ type: 'user.dismissNotification', id });

  return (
    <div className="nb" ref={ref}>
      <button
        type="button"
        className="icon-button nb__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count > 0 ? t('notifications.openCount', { count }) : t('notifications.open')}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {count > 0 && (
          <span className="nb__count" aria-hidden="true" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="nb__panel"
          role="region"
          aria-label={t('notifications.title')}
          data-testid="notification-list"
        >
          <div className="nb__head">
            <h2 className="nb__title">{t('notifications.title')}</h2>
            {notifications.length > 1 && (
              <button
                type="button"
                className="btn btn--outline nb__all"
                onClick={() => notifications.forEach((n) => dismiss(n.id))}
              >
                {t('notifications.dismissAll')}
              </button>
            )}
          </div>
          {unread > 0 && (
            <button
              type="button"
              className="btn btn--outline nb__messages"
              data-testid="notification-unread-messages"
              onClick={() => {
                setOpen(false);
                onOpenMessages();
              }}
            >
              {t('notifications.unreadMessages', { count: unread })}
            </button>
          )}
          {count === 0 ? (
            <p className="nb__empty">{t('notifications.empty')}</p>
          ) : notifications.length === 0 ? null : (
            <ul className="nb__list">
              {notifications.map((notification) => {
                const { title, text } = word(notification);
                return (
                  <li key={notification.id} className="nb__item" data-kind={notification.kind}>
                    <div className="nb__body">
                      <strong>{title}</strong>
                      {text && <p>{text}</p>}
                      <time dateTime={notification.createdAt}>{when(notification.createdAt)}</time>
                    </div>
                    <button
                      type="button"
                      className="icon-button nb__dismiss"
                      onClick={() => dismiss(notification.id)}
                      aria-label={`${t('notifications.dismiss')}: ${title}`}
                    >
                      <CloseIcon />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
