import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { PlatformMessage } from '../../../contract/messages.ts';
import { useRecordsFlows } from '../records-flows.ts';
import { useIdentityFlows } from '../../identity/identity-flows.ts';
import { EmptyState, FailedState, LoadingState } from '../../pages/shared/remote-state.tsx';
import { Pager, useDateTime, useErrorText } from './records-common.tsx';

/**
 * Platform information (messageV2): the player's messages, newest first, 15 a page. Opening one
 * marks it read; the unread count (header and menu badges) follows the server's `unread` events.
 */
export default function MessageV2Page() {
  const { t } = useTranslation('records');
  const identity = useIdentityFlows();
  const records = useRecordsFlows();
  const actor = useActorRef(records.messages);
  const state = useSelector(actor, (s) => s.value);
  const page = useSelector(actor, (s) => s.context.page);
  const open = useSelector(actor, (s) => s.context.open);
  const error = useSelector(actor, (s) => s.context.error);
  const unread = useSelector(identity.session, (s) => s.context.unread);
  const errorText = useErrorText();
  const headingId = useId();

  // A rise of the unread count is a new message: the list is read again.
  const lastUnread = useRef(unread);
  useEffect(() => {
    if (unread !== null && lastUnread.current !== null && unread > lastUnread.current) {
      actor.send({ type: 'app.unreadChanged' });
    }
    lastUnread.current = unread;
  }, [unread, actor]);

  const count = unread ?? page?.unread ?? 0;
  const busy = state === 'reading' || state === 'deleting' || state === 'readingAll';
  return (
    <section className="rc-page" data-testid="page-messageV2" aria-labelledby={headingId}>
      <div className="rc-head">
        <h2 id={headingId} className="rc-title">
          {t('messageV2.title')}
        </h2>
        <span
          className={count > 0 ? 'rc-count rc-count--unread' : 'rc-count'}
          data-testid="message-unread-count"
          aria-live="polite"
        >
          {count > 0 ? t('messageV2.unread', { count }) : t('messageV2.noneUnread')}
        </span>
      </div>
      {state === 'loading' && <LoadingState />}
      {state === 'failed' && <FailedState onRetry={() => actor.send({ type: 'user.retry' })} />}
      {state === 'empty' && (
        <div data-testid="message-empty">
          <EmptyState text={t('messageV2.empty')} />
        </div>
      )}
      {error && state !== 'failed' && (
        <p className="rc-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {state === 'viewing' && open ? (
        <MessageReader
          message={open}
          onClose={() => actor.send({ type: 'user.close' })}
          onDelete={() => actor.send({ type: 'user.delete', messageId: open.id })}
        />
      ) : (
        page &&
        page.content.length > 0 &&
        state !== 'loading' &&
        state !== 'failed' &&
        state !== 'empty' && (
          <div aria-busy={busy}>
            {count > 0 && (
              <div className="pg-actions">
                <button
                  type="button"
                  className="pg-btn pg-btn--ghost pg-btn--small"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'user.readAll' })}
                >
                  {t('messageV2.readAll')}
                </button>
              </div>
            )}
            <ul className="rc-messages" data-testid="message-list" aria-label={t('messageV2.list')}>
              {page.content.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  disabled={busy}
                  onOpen={() => actor.send({ type: 'user.open', messageId: message.id })}
                  onDelete={() => actor.send({ type: 'user.delete', messageId: message.id })}
                />
              ))}
            </ul>
            {busy && <LoadingState />}
            <Pager
              pageNo={page.pageNo}
              totalPages={page.totalPages}
              onPage={(pageNo) => actor.send({ type: 'user.page', pageNo })}
            />
          </div>
        )
      )}
    </section>
  );
}

function MessageRow({
  message,
  disabled,
  onOpen,
  onDelete,
}: {
  message: PlatformMessage;
  disabled: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('records');
  const dateTime = useDateTime();
  return (
    <li
      className={message.read ? 'rc-message' : 'rc-message rc-message--unread'}
      data-testid="message-row"
    >
      <button type="button" className="rc-message__open" disabled={disabled} onClick={onOpen}>
        {!message.read && (
          <span className="rc-dot" role="img" aria-label={t('messageV2.unreadMark')} />
        )}
        <span className="rc-message__title">{message.title}</span>
        <time className="rc-message__time" dateTime={message.createdAt}>
          {dateTime(message.createdAt)}
        </time>
      </button>
      <button
        type="button"
        className="pg-btn pg-btn--ghost pg-btn--small"
        disabled={disabled}
        aria-label={t('messageV2.deleteNamed', { title: message.title })}
        onClick={onDelete}
      >
        {t('messageV2.delete')}
      </button>
    </li>
  );
}

function MessageReader({
  message,
  onClose,
  onDelete,
}: {
  message: PlatformMessage;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('records');
  const dateTime = useDateTime();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="rc-reader" data-testid="message-reader" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {message.title}
      </h3>
      <p className="rc-muted">
        <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
        {message.broadcast && <> · {t('messageV2.toAll')}</>}
      </p>
      <div className="rc-reader__text">{message.content}</div>
      <div className="pg-actions">
        <button type="button" className="pg-btn pg-btn--primary" onClick={onClose}>
          {t('messageV2.back')}
        </button>
        <button type="button" className="pg-btn pg-btn--ghost" onClick={onDelete}>
          {t('messageV2.delete')}
        </button>
      </div>
    </article>
  );
}
