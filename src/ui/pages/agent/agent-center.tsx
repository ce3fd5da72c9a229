import { Suspense, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  agentCenterPageKeys,
  agentCenterQueryKey,
  defaultAgentCenterPage,
  type AgentCenterPageKey,
} from '../../../contract/agent.ts';
import { Modal } from '../../modals/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Toast } from '../../components/toast.tsx';
import { useFormat } from '../../hooks/use-format.ts';
import { AgentCenterContext, DataState, useAgentData } from './agent-common.tsx';
import {
  AgentFlowsReadyProvider,
  useAgentFlows,
  useAgentFlowsLoader,
  type AgentNews,
} from './agent-flows.ts';
import { agentPages } from './agent-pages.ts';
import { contractNewsText, wageNewsText } from './agent-texts.ts';
import '../../member-center/member-center.css';
import './agent.css';

const isPageKey = (value: string | null): value is AgentCenterPageKey =>
  value !== null && (agentCenterPageKeys as readonly string[]).includes(value);

/**
 * The agent center overlay (spec section 2): the menu in the spec's order (the four contract
 * pages only where the operator turned them on), the chosen page beside it, highlighted in the
 * menu, and `?ac=<pageKey>` in the address. Wage and contract events of the channel show as
 * toasts and make the open page read its figures again. Escape or the close button closes it.
 */
export default function AgentCenterOverlay() {
  const flows = use(useAgentFlowsLoader()());
  return (
    <AgentFlowsReadyProvider value={flows}>
      <AgentCenterDialog />
    </AgentFlowsReadyProvider>
  );
}

function AgentCenterDialog() {
  const { t } = useTranslation('agent');
  const { calls, listen } = useAgentFlows();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get(agentCenterQueryKey);
  const center = useAgentData((signal) => calls.center(signal), 'center');
  const [revision, setRevision] = useState(0);
  const [lastNews, setLastNews] = useState<AgentNews | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const { money } = useFormat();
  const menuRef = useRef<HTMLElement>(null);
  const closeToast = useCallback(() => setToast(null), []);

  const goTo = useCallback(
    (page: AgentCenterPageKey | null) => {
      const next = new URLSearchParams(window.location.search);
      if (page === null) next.delete(agentCenterQueryKey);
      else next.set(agentCenterQueryKey, page);
      const search = next.toString();
      void navigate(
        { pathname: window.location.pathname, search: search ? `?${search}` : '' },
        { replace: true },
      );
    },
    [navigate],
  );

  const reloadCenter = center.reload;
  useEffect(
    () =>
      listen((news) => {
        // The live view follows the channel and the team's bets itself.
        if (news.name !== 'wage' && news.name !== 'contract') return;
        setRevision((n) => n + 1);
        // A contract in force or gone changes the kinds the agent may offer.
        if (news.name === 'contract') reloadCenter();
        setLastNews(news);
        setToast(
          news.name === 'wage'
            ? wageNewsText(t, news.payload, money)
            : contractNewsText(t, news.payload),
        );
      }),
    [listen, t, money, reloadCenter],
  );

  const pages = center.status === 'ready' ? center.data.pages : [];
  const current: AgentCenterPageKey =
    isPageKey(requested) && (pages.length === 0 || pages.includes(requested))
      ? requested
      : defaultAgentCenterPage;
  const Page = agentPages[current];

  useEffect(() => {
    const entry = menuRef.current?.querySelector<HTMLElement>(`[data-page="${current}"]`);
    entry?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, pages.length]);

  const state = useMemo(
    () =>
      center.status === 'ready'
        ? { center: center.data, revision, lastNews, goTo: (p: AgentCenterPageKey) => goTo(p) }
        : null,
    [center, revision, lastNews, goTo],
  );

  return (
    <Modal open title={t('title')} onClose={() => goTo(null)} className="mc-modal ag-modal">
      <div className="mc" data-testid="agent-center" data-page={current}>
        <nav className="mc__menu" aria-label={t('menuLabel')} ref={menuRef}>
          <ul>
            {pages.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  className="mc__entry"
                  aria-current={key === current ? 'page' : undefined}
                  data-page={key}
                  data-testid={`ac-menu-${key}`}
                  onClick={() => goTo(key)}
                >
                  <span>{t(`page.${key}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mc__page">
          <DataState view={center}>
            {() => (
              <AgentCenterContext value={state}>
                <Suspense fallback={<Spinner label={t('pageLoading')} />}>
                  <Page key={current} />
                </Suspense>
              </AgentCenterContext>
            )}
          </DataState>
        </div>
      </div>
      <Toast message={toast} tone="info" onClose={closeToast} testId="agent-toast" />
    </Modal>
  );
}
