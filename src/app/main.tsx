import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { constants } from '../contract/constants.ts';
import { ApiError, createHttpClient, type ClientErrorCode } from '../services/http-client.ts';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../services/i18n.ts';
import { storage } from '../services/storage.ts';
import { createSystemService } from '../services/system.service.ts';
import { createEncryptor } from '../services/enc.ts';
import { createSessionStore } from '../services/session-store.ts';
import { lazyService } from './lazy-service.ts';
import { flowsLoader } from './flows-loader.ts';
import { createLotteryNews } from './lottery-news.ts';
import { createNews } from './news.ts';
import { createAgentNews } from './agent-news.ts';
import { AgentFlowsProvider, type AgentFlowsLoader } from '../ui/pages/agent/agent-flows.ts';
import type { HelpFlowsLoader } from '../ui/pages/help/help-flows.ts';
import {
  LoyaltyFlowsProvider,
  type LoyaltyFlowsLoader,
} from '../ui/pages/point-mall/loyalty-flows.ts';
import { SiteProviders } from './site-providers.tsx';
import { createSiteActors } from './site-actors.ts';
import { reactToServerError } from './server-error-reactions.ts';
import { createSiteRouter } from './router.tsx';
import { preloadPage } from './pages.ts';
import { askStartupAhead } from './startup-calls.ts';
import { prefetchFormFlowsWith } from '../ui/identity/identity-forms.ts';
import { StartupGate } from './startup-gate.tsx';
// The Devanagari and Bengali faces shipped with the site (many devices have neither Indian
// script), each script's subset only, so a page downloads the face of its own language alone
// (fonts.css); the language menu's native names come from a tiny inline face cut at build time
// (scripts/language-names-font.ts).
import '../ui/styles/fonts.css';
import 'virtual:language-names.css';
import '../ui/styles/base.css';
import '../ui/styles/layout.css';
import '../ui/styles/components.css';
import '../ui/styles/system.css';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The composition root: services, then actors wired to them, then React. */
async function start(): Promise<void> {
  const language = storage.getLanguage() ?? constants.defaultLanguage;
  // The texts load beside the start-up calls and the first page's screen, not before them.
  let texts: I18n | null = null;
  let site: ReturnType<typeof createSiteActors> | null = null;
  const describe = (code: ClientErrorCode) => texts?.t(`common:errors.${code}`) ?? code;
  const http = createHttpClient({
    getToken: storage.getToken,
    getLanguage: () => texts?.language ?? language,
    describe,
    // Refusals about the site, not the call (src/app/server-error-reactions.ts): the forced
    // password change opens; maintenance switched on shows the maintenance page.
    onServerError: (error) =>
      reactToServerError(error, {
        openChangePassword: () => {
          const dialogs = site?.identity.dialogs;
          if (!dialogs || dialogs.getSnapshot().context.open === 'changePassword') return;
          dialogs.send({
            type: 'app.openChangePassword',
            reason: 'firstLogin',
            heldPassword: null,
          });
        },
        statusChanged: () => site?.shell.systemStatus.send({ type: 'server.statusChanged' }),
      }),
  });
  const system = askStartupAhead(createSystemService(http), window.location.host, language);
  preloadPage(window.location.pathname);
  const i18n = await createI18n(language);
  texts = i18n;
  // The services of signed-in features (and the zod classic schemas they read with) load at
  // their first call or on idle, not with the first page (issue 12).
  const unreachable = (cause: unknown) =>
    new ApiError('network', 'network_error', describe('network_error'), 0, { cause });
  const identity = lazyService(
    async () =>
      (await import('../services/identity.service.ts')).createIdentityService(
        http,
        createEncryptor(http),
      ),
    unreachable,
  );
  const sessionStore = createSessionStore(safeSessionStorage(), document);
  const social = lazyService(
    async () =>
      (await import('../services/social-login.service.ts')).createSocialLoginService(http),
    unreachable,
  );
  const records = lazyService(
    async () => (await import('../services/records.service.ts')).createRecordsClient(http),
    unreachable,
  );
  const promotions = async () =>
    (await import('../services/promotions.service.ts')).createPromotionsClient(http);
  const missions = lazyService(
    async () => (await import('../services/missions.service.ts')).createMissionsClient(http),
    unreachable,
  );
  // The reward center's rebate claim; the loyalty screens make their own client.
  const rebates = lazyService(
    async () => (await import('../services/loyalty.service.ts')).createLoyaltyClient(http),
    unreachable,
  );
  const wallet = lazyService(async () => {
    const { balanceReplySchema, walletPaths } = await import('../contract/wallet.ts');
    return {
      balance: async (signal?: AbortSignal) =>
        (await http.get(walletPaths.balance, balanceReplySchema, { signal })).sumBalance,
    };
  }, unreachable);
  const security = lazyService(
    async () =>
      (await import('../services/security.service.ts')).createSecurityService(
        http,
        createEncryptor(http),
      ),
    unreachable,
  );
  const withdraw = lazyService(
    async () =>
      (await import('../services/withdraw.service.ts')).createWithdrawClient(
        http,
        createEncryptor(http),
      ),
    unreachable,
  );
  const deposit = lazyService(
    async () => (await import('../services/deposit.service.ts')).createDepositClient(http),
    unreachable,
  );
  const games = lazyService(
    async () => (await import('../services/games.ts')).createGamesClient(http),
    unreachable,
  );
  const lottery = lazyService(
    async () => (await import('../services/lottery.service.ts')).createLotteryClient(http),
    unreachable,
  );
  // The help panels' flows and calls come with the first help panel, not with the first page.
  const help: HelpFlowsLoader = flowsLoader(async () =>
    (await import('./help-actors.ts')).createHelpFlows(http),
  );
  const lotteryNews = createLotteryNews();
  const missionNews = createNews();
  // The agent center's calls come with the agent center, not with the first page.
  const agentNews = createAgentNews();
  const agentCalls = lazyService(
    async () =>
      (await import('../services/agent.service.ts')).createAgentClient(http, createEncryptor(http)),
    unreachable,
  );
  let agentFlows: ReturnType<AgentFlowsLoader> | null = null;
  const agent: AgentFlowsLoader = () => {
    agentFlows ??= import('./agent-actors.ts').then(
      ({ createAgentFlows }) => createAgentFlows(agentCalls, agentNews),
      (cause: unknown) => {
        agentFlows = null;
        throw cause;
      },
    );
    return agentFlows;
  };
  const readBalance = (signal?: AbortSignal) => wallet.balance(signal);
  let router: ReturnType<typeof createSiteRouter> | null = null;
  site = createSiteActors({
    system,
    i18n,
    host: window.location.host,
    identity,
    sessionStore,
    social,
    records,
    promotions,
    missions,
    rebates,
    missionNews,
    security,
    withdraw,
    deposit,
    games,
    lottery,
    lotteryNews,
    help,
    // altcha comes with the first login, registration or SMS send, not with the first page.
    humanVerification: async (signal) =>
      (await import('../services/human-verification.ts')).solveHumanVerification(http, signal),
    navigate: (path) => router?.navigate(path),
    loadBalance: readBalance,
  });
  router = createSiteRouter();
  // The loyalty flows come with the first loyalty screen (points mall, VIP, manualRebate, the
  // header's points), not with the first page. A paid claim's balance comes as a balance event.
  const pointsNews = createNews();
  const loyalty: LoyaltyFlowsLoader = flowsLoader(async () =>
    (await import('./loyalty-actors.ts')).createLoyaltyFlows(http, pointsNews),
  );
  // Balance, unread count and notifications stream into the session while a member is in; the
  // wiring (and the socket client it loads) comes with the first member session, not with a
  // visitor's first page.
  let realtime: Promise<unknown> | null = null;
  const followSession = () => {
    if (realtime || sessionStore.token() === null) return;
    realtime = import('./realtime-wiring.ts').then(
      ({ wireRealtime }) =>
        wireRealtime({
          session: site.identity.session,
          getToken: sessionStore.token,
          loadBalance: () => readBalance(),
          loadUnread: () => records.unreadCount(),
          onLotteryEvent: lotteryNews.emit,
          onMissionEvent: missionNews.emit,
          onPointsEvent: pointsNews.emit,
          onAgentEvent: agentNews.emit,
          // The red badges of the reward center and missions (the message badge follows `unread`).
          onBadges: (counts) => {
            for (const page of ['rewardCenter', 'missionLeaderboard'] as const) {
              site.memberCenter.memberCenter.send({
                type: 'app.countChanged',
                page,
                count: counts[page],
              });
            }
          },
          loadBadges: async () => (await (await promotions()).publicState()).badges,
          window,
        }),
      () => {
        // The module could not load (network): the next session change tries again.
        realtime = null;
      },
    );
  };
  site.identity.session.subscribe(followSession);
  followSession();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SiteProviders actors={site}>
          <AgentFlowsProvider value={agent}>
            <LoyaltyFlowsProvider value={loyalty}>
              <StartupGate system={system}>
                <router.SiteRouter />
              </StartupGate>
            </LoyaltyFlowsProvider>
          </AgentFlowsProvider>
        </SiteProviders>
      </I18nextProvider>
    </StrictMode>,
  );
  // A member's page needs the signed-in services at once; a visitor's, the login and register
  // popups' calls and lists, fetched once the first page has loaded and is idle (before, they
  // shared a phone's bandwidth with the first banner and the fonts).
  const preloadMember = () => {
    for (const service of [identity, social, records, security, withdraw, deposit, wallet, games]) {
      service.preload();
    }
  };
  const whenIdle =
    window.requestIdleCallback ??
    ((run: () => void) => window.setTimeout(run, 200) as unknown as number);
  const afterLoad = (run: () => void) => {
    const idle = () => whenIdle(run, { timeout: 2000 });
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  // A form's chunk, its flows and the identity calls, fetched together when the pointer or the
  // focus reaches a login, register or password control.
  prefetchFormFlowsWith(() => {
    identity.preload();
    social.preload();
    return site.identity.formFlows();
  });
  if (sessionStore.token() !== null) {
    preloadMember();
    site.identity.warmUp();
  } else {
    // ... and the member services as soon as the visitor logs in.
    const signedIn = site.identity.session.subscribe(() => {
      if (sessionStore.token() === null) return;
      preloadMember();
      signedIn.unsubscribe();
    });
    // The forms' lists once the page has loaded (a login popup's social buttons need the list
    // when it opens); the forms themselves, their machines and calls come when the pointer or
    // the focus reaches a login or register control (identity-forms.ts), not on idle: a
    // visitor who never logs in does not pay for them on mobile data (issue 35).
    afterLoad(() => site.identity.warmUp());
  }
}

void start();

// The service worker (vite.config.ts) keeps the app's files and the lobby's last answers, for a
// second visit from the phone's storage and a lobby that opens offline. Registered once the
// first page has loaded, so it never competes with it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the site works as before (HTTP caching only).
    });
  });
}
