import { createActor, fromPromise } from 'xstate';
import type { i18n as I18n } from 'i18next';
import { constants, languages } from '../contract/constants.ts';
import type { Language } from '../contract/constants.ts';
import { sessionKeys } from '../contract/constants.ts';
import type { GameVendorLanes } from '../contract/system.ts';
import { systemStatusMachine } from '../machines/system-status.machine.ts';
import { preferencesMachine } from '../machines/preferences.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { SystemService } from '../services/system.service.ts';
import { storage } from '../services/storage.ts';
import { createCdnChoice } from '../services/cdn.ts';
import type { SiteShellFlows } from '../ui/layout/site-shell-flows.ts';
import type { IdentityFlows } from '../ui/identity/identity-flows.ts';
import type { MemberCenterFlows } from '../ui/member-center/member-center-flows.ts';
import type { RecordsFlowsLoader } from '../ui/member-center/records-flows.ts';
import type { SecurityFlowsLoader } from '../ui/member-center/security/security-flows.ts';
import type { WithdrawFlowsLoader } from '../ui/member-center/withdraw/withdraw-flows.ts';
import type { DepositFlowsLoader } from '../ui/member-center/deposit-flows.ts';
import type { IdentityService, SessionStore } from '../services/identity.service.ts';
import { createIdentityActors } from './identity-actors.ts';
import { flowsLoader } from './flows-loader.ts';
import { preloadFirstBanner } from './first-banner.ts';
import type { News } from './news.ts';
import type { MissionsClient } from '../services/missions.service.ts';
import type { MissionsFlowsLoader } from '../ui/member-center/missions-flows.ts';
import type { RecordsClient } from '../services/records.service.ts';
import { createMemberCenterActors } from './member-center-actors.ts';
import type { SocialLoginClient } from '../services/social-login.ts';
import type { SecurityService } from '../services/security.service.ts';
import type { DepositClient } from '../services/deposit.service.ts';
import type { WithdrawClient } from '../services/withdraw.service.ts';
import type { GamesClient } from '../services/games.ts';
import type { GamesFlows } from '../ui/pages/games/games-flows.ts';
import { createGamesFlows } from './games-actors.ts';
import type { LotteryClient } from '../services/lottery.service.ts';
import type { LotteryFlowsLoader } from '../ui/pages/lottery/lottery-flows.ts';
import type { LotteryNewsHub } from './lottery-news.ts';
import type { HelpFlowsLoader } from '../ui/pages/help/help-flows.ts';
import type { PromotionsClient } from '../services/promotions.service.ts';
import type { LoyaltyClient } from '../services/loyalty.service.ts';
import type { PromotionFlowsLoader } from '../ui/pages/promo/promotion-flows.ts';

/** Every feature's flows, each given to its own context by `SiteProviders`. */
export type SiteActors = {
  shell: SiteShellFlows;
  identity: IdentityFlows;
  memberCenter: MemberCenterFlows;
  records: RecordsFlowsLoader;
  missions: MissionsFlowsLoader;
  security: SecurityFlowsLoader;
  withdraw: WithdrawFlowsLoader;
  deposit: DepositFlowsLoader;
  games: GamesFlows;
  lottery: LotteryFlowsLoader;
  promotions: PromotionFlowsLoader;
};

type Loader = (language: Language, signal: AbortSignal) => Promise<unknown>;

/** A remote resource in the current language; `app.paramsChanged` reloads it on a new one. */
function remoteResource(load: Loader, language: Language) {
  return createActor(
    remoteDataMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) =>
          load((input.params.language as Language | undefined) ?? language, signal),
        ),
      },
    }),
    { input: { params: { language } } },
  );
}

/**
 * Creates and starts the site's actors, with their effects supplied from the services:
 * the start-up status, the preferences (language, theme) and the shared remote resources.
 */
export function createSiteActors({
  system,
  i18n,
  host,
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
  humanVerification,
  navigate,
  loadBalance,
}: {
  system: SystemService;
  i18n: I18n;
  host: string;
  identity: IdentityService;
  sessionStore: SessionStore;
  social: SocialLoginClient;
  /** The member center's records, transfers and platform messages. */
  records: RecordsClient;
  /** Promotions: list, claim, apply, bonus details, reward center. */
  promotions: () => Promise<PromotionsClient>;
  /** Missions, their leaderboard and referral. */
  missions: MissionsClient;
  /** The rebate claim (the reward center claims a rebate row in place). */
  rebates: Pick<LoyaltyClient, 'claimRebate'>;
  missionNews: News;
  /** The security center's calls (contacts change, summary). */
  security: SecurityService;
  /** The withdrawal calls (bank accounts, payment password, requests, confirmation). */
  withdraw: WithdrawClient;
  /** The deposit calls (channels, orders). */
  deposit: DepositClient;
  /** The games calls (lists, favourites, launch, the member's bets). */
  games: GamesClient;
  /** The lottery calls and the real-time lottery news (draws, the member's bets). */
  lottery: LotteryClient;
  lotteryNews: LotteryNewsHub;
  /** The help page's flows, made at the first help panel (src/app/help-actors.ts). */
  help: HelpFlowsLoader;
  /** The altcha answer for a login, a registration or an SMS send ('' when the site has none). */
  humanVerification: (signal?: AbortSignal) => Promise<string>;
  navigate: (path: string) => void;
  /** GET /wps/v2/wallets/balance: sumBalance in integer minor units. */
  loadBalance: (signal: AbortSignal) => Promise<string>;
}): SiteActors {
  const language = (i18n.language as Language) ?? constants.defaultLanguage;

  const systemStatus = createActor(
    systemStatusMachine.provide({
      actors: {
        loadStatus: fromPromise(({ signal }) => system.getStatus(signal)),
        loadPermission: fromPromise(({ input, signal }) =>
          system.getPermission(input.host, signal),
        ),
      },
    }),
    { input: { host } },
  );

  const preferences = createActor(
    preferencesMachine.provide({
      actions: {
        applyLanguage: (_, { language }) => {
          void i18n.changeLanguage(language);
        },
        persistLanguage: (_, { language }) => storage.setLanguage(language),
        applyTheme: (_, { theme }) => {
          document.documentElement.dataset.theme = theme;
        },
        persistTheme: (_, { theme }) => storage.setTheme(theme),
      },
      actors: {
        saveLanguage: fromPromise(({ input }) => system.updateLanguage(input.language)),
      },
      guards: { hasSession: () => storage.getToken() !== null },
    }),
    {
      input: {
        language,
        theme: storage.getTheme() ?? 'light',
        // Until the configuration says which are active, every language we have texts for is.
        languages: [...languages],
      },
    },
  );

  const identityActors = createIdentityActors({
    identity,
    system,
    sessionStore,
    systemStatus,
    host,
    social,
    humanVerification,
    navigate,
  });

  const memberCenterActors = createMemberCenterActors({
    session: identityActors.session,
    dialogs: identityActors.dialogs,
    loadBalance,
  });

  // One of the bootstrap's image CDNs at random, once per page load.
  const imageCdns = createCdnChoice();
  const shell: SiteShellFlows = {
    systemStatus,
    preferences,
    banners: remoteResource(system.getBanners, language),
    notices: remoteResource(system.getAnnouncements, language),
    vendors: remoteResource(system.getVendors, language),
    helpCenter: remoteResource(system.getHelpCenter, language),
    imageCdn: imageCdns.pick,
    help,
  };
  const actors: SiteActors = {
    shell,
    identity: identityActors.flows,
    memberCenter: {
      memberCenter: memberCenterActors.memberCenter,
      headerBalance: memberCenterActors.headerBalance,
    },
    records: flowsLoader(async () =>
      (await import('./records-actors.ts')).createRecordsFlows(records),
    ),
    missions: flowsLoader(async () =>
      (await import('./missions-actors.ts')).createMissionsFlows(missions, missionNews),
    ),
    security: flowsLoader(async () =>
      (await import('./security-actors.ts')).createSecurityFlows({
        identity,
        security,
        withdraw,
        session: identityActors.session,
      }),
    ),
    withdraw: flowsLoader(async () =>
      (await import('./withdraw-actors.ts')).createWithdrawFlows(withdraw),
    ),
    deposit: flowsLoader(async () =>
      (await import('./deposit-actors.ts')).createDepositFlows({
        deposit,
        goTo: (url) => window.location.assign(url),
      }),
    ),
    games: createGamesFlows({
      games,
      i18n,
      session: identityActors.flows.session,
      dialogs: identityActors.flows.dialogs,
      navigate,
    }),
    promotions: flowsLoader(async () =>
      (await import('./promotion-actors.ts')).createPromotionFlows(await promotions(), {
        mission: (missionId) => missions.claim(missionId),
        rebate: (gameType) => rebates.claimRebate(gameType),
      }),
    ),
    lottery: flowsLoader(async () =>
      (await import('./lottery-actors.ts')).createLotteryFlows({
        lottery,
        news: lotteryNews,
        session: identityActors.flows.session,
        dialogs: identityActors.flows.dialogs,
        vendors: () => shell.vendors.getSnapshot().context.data as GameVendorLanes | null,
      }),
    ),
  };
  const remote = [shell.banners, shell.notices, shell.vendors, shell.helpCenter];

  // The bootstrap payload configures the languages; a normal site retries what failed before.
  let configured: unknown = null;
  systemStatus.subscribe((snapshot) => {
    const { permission } = snapshot.context;
    if (snapshot.matches('normal') && permission && permission !== configured) {
      configured = permission;
      storage.setMerchantCode(permission.settings.merchantCode);
      storage.setCached(sessionKeys.settings, permission.settings);
      document.title = permission.settings.siteName;
      preferences.send({
        type: 'app.languagesConfigured',
        languages: permission.settings.languages,
        defaultLanguage: permission.settings.defaultLanguage,
      });
      for (const resource of remote) {
        if (resource.getSnapshot().matches('failed')) resource.send({ type: 'user.retry' });
      }
    }
  });

  // Language-dependent resources follow the language.
  let current = language;
  preferences.subscribe((snapshot) => {
    const next = snapshot.context.language;
    if (next === current) return;
    current = next;
    for (const resource of remote) {
      resource.send({ type: 'app.paramsChanged', params: { language: next } });
    }
  });

  for (const actor of [preferences, systemStatus, ...remote]) actor.start();
  preloadFirstBanner(shell, window.location.pathname, document);
  identityActors.start();
  memberCenterActors.start();
  return actors;
}
