import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import {
  badgedMemberCenterPages,
  depositReturnQueryKey,
  memberCenterPageKeys,
  memberCenterQueryKey,
  type MemberCenterPageKey,
} from '../../contract/member-center.ts';
import { Modal } from '../modals/modal.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useMemberCenterFlows } from './member-center-flows.ts';
import { memberCenterPages } from './member-center-pages.ts';
import './member-center.css';

const isPageKey = (value: string | null): value is MemberCenterPageKey =>
  value !== null && (memberCenterPageKeys as readonly string[]).includes(value);

/** The menu: the spec's order, only the pages that are built (registered). */
const registeredPages = () => memberCenterPageKeys.filter((key) => memberCenterPages[key]);

/**
 * `search` with `?mc=` set to `page`, or without it (null). The gateway's `?depositOrder=`
 * belongs to the deposit page: it goes when that page or the overlay closes.
 */
function withPage(search: string, page: MemberCenterPageKey | null): string {
  const params = new URLSearchParams(search);
  if (page !== 'depositv2') params.delete(depositReturnQueryKey);
  if (page === null) params.delete(memberCenterQueryKey);
  else params.set(memberCenterQueryKey, page);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Keeps the address and the overlay together: `?mc=<pageKey>` opens the member center on that
 * page (a link, a reload, the back button), and the open page is written back to the address
 * (replacing the entry), which loses `?mc` once the overlay closes.
 */
function useAddressSync() {
  const { memberCenter } = useMemberCenterFlows();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get(memberCenterQueryKey);
  const seen = useRef<string | null>(null);

  useEffect(() => {
    const subscription = memberCenter.subscribe((snapshot) => {
      const { pathname, search, hash } = window.location;
      const next = withPage(search, snapshot.matches('open') ? snapshot.context.page : null);
      if (next === search) return;
      seen.current = new URLSearchParams(next).get(memberCenterQueryKey);
      void navigate({ pathname, search: next, hash }, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [memberCenter, navigate]);

  useEffect(() => {
    if (requested === seen.current) return;
    seen.current = requested;
    if (isPageKey(requested)) memberCenter.send({ type: 'user.open', page: requested });
    else if (requested !== null) memberCenter.send({ type: 'user.open' });
  }, [requested, memberCenter]);
}

/**
 * A page chunk that fails to load (offline, a new deploy) shows a message and a reload, not a
 * blank pane (a lazy import keeps its failure, so only a reload fetches it again).
 */
class PageBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The member center overlay (spec section 2, "Personal-center menu"): the menu in the spec's
 * order with red badges on mission, message and reward entries, the chosen page beside it
 * (loaded on demand), and a close button. Escape closes it; focus stays inside while open.
 * Phones show the menu as a horizontal scroller above the page, desktops as a side menu.
 */
export function MemberCenter() {
  const { t } = useTranslation('member-center');
  const { t: tc } = useTranslation('common');
  const { memberCenter } = useMemberCenterFlows();
  const open = useSelector(memberCenter, (s) => s.matches('open'));
  const page = useSelector(memberCenter, (s) => s.context.page);
  const counts = useSelector(memberCenter, (s) => s.context.counts);
  const menuRef = useRef<HTMLElement>(null);
  useAddressSync();

  const pages = registeredPages();
  // A page that is not built yet opens the first one that is.
  const current: MemberCenterPageKey | null = memberCenterPages[page] ? page : (pages[0] ?? null);
  const Page = current ? memberCenterPages[current] : undefined;

  // On phones the chosen entry scrolls into view in the menu strip.
  useEffect(() => {
    if (!open || !current) return;
    const entry = menuRef.current?.querySelector<HTMLElement>(`[data-page="${current}"]`);
    entry?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [open, current]);

  return (
    <Modal
      open={open}
      title={t('title')}
      onClose={() => memberCenter.send({ type: 'user.close' })}
      className="mc-modal"
    >
      <div className="mc" data-testid="member-center" data-page={current ?? ''}>
        <nav
          className="mc__menu"
          aria-label={t('menuLabel')}
          ref={menuRef}
          hidden={pages.length === 0}
        >
          <ul>
            {pages.map((key) => {
              const count = badgedMemberCenterPages.includes(key) ? (counts[key] ?? 0) : 0;
              return (
                <li key={key}>
                  <button
                    type="button"
                    className="mc__entry"
                    aria-current={key === current ? 'page' : undefined}
                    data-page={key}
                    data-testid={`mc-menu-${key}`}
                    onClick={() => memberCenter.send({ type: 'user.selectPage', page: key })}
                  >
                    <span>{t(`page.${key}`)}</span>
                    {count > 0 && (
                      <span className="mc__badge" data-testid={`mc-badge-${key}`}>
                        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                        <span className="visually-hidden">{t('badge', { count })}</span>
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* Not a landmark of its own: each page is a section labelled by its heading, and two
            landmarks with one name are one too many (axe landmark-unique). */}
        <div className="mc__page">
          {Page ? (
            <PageBoundary
              key={current}
              fallback={
                <div className="mc__state" role="alert">
                  <p>{t('pageFailed')}</p>
                  <button
                    type="button"
                    className="btn btn--outline"
                    onClick={() => window.location.reload()}
                  >
                    {tc('actions.retry')}
                  </button>
                </div>
              }
            >
              <Suspense fallback={<Spinner label={t('pageLoading')} />}>
                <Page />
              </Suspense>
            </PageBoundary>
          ) : (
            <p className="mc__state" data-testid="mc-unavailable">
              {t('unavailable')}
            </p>
          )}
        </div>
      </div>
    </Modal>
  );
}
