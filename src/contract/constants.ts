/** Business constants of the spec, section 9. */
export const constants = {
  defaultLanguage: 'hi',
  pageLoadTimeoutMs: 120_000,
  bannerAutoplayMs: 5000,
  smsCountdownSeconds: 60,
  smsTooManyRequestsLockMinutes: 5,
  captchaRefreshMs: 1000,
  sendCodeThrottleMs: 1000,
  jackpotIncrement: 165.11,
  jackpotIntervalMs: 3000,
  /** The lobby's name search waits for a pause in typing. */
  gameSearchDebounceMs: 400,
  realtimeWageMinutes: 5,
  imageUpload: { types: ['image/png', 'image/jpeg'], maxBytes: 5 * 1024 * 1024, maxCount: 3 },
  remarkMaxLength: 140,
  twoFactorDigits: 6,
  dateRangePresetsDays: [7, 30],
  agreementAge: 18,
  birthdayAge: 21,
  vendorDropdownMax: 11,
  vendorDropdownCenteredBelow: 6,
  carouselArrowsOver: 7,
  footerStrip: { slidesPerView: 10, spaceBetween: 10 },
  pageSize: 15,
  winnerBoardSize: 50,
  recentLotterySize: 100,
  popularSize: 20,
  vnNumbersCount: 100,
  recentGamesClientType: 3,
  platformCode: 'W',
  lotteryRefreshMaxMs: 30_000,
  lotteryRefreshFallbackMs: 7000,
  /** A lottery draw's timer warns this long before bets close. */
  lotteryLockingSoonMs: 30_000,
  /** Drawing: ask for the result when none was pushed this long after the draw time. */
  lotteryResultPollMs: 5000,
  currencySymbol: 'P',
  memberLabelColour: '#ABABAB',
  customerServiceWindow: { width: 440, height: 750 },
  /**
   * Lazy images (spec sections 8 and 9): shown once a tenth is in view (threshold 0.1) of the
   * viewport stretched to 1.3 times its height (preload), 3 attempts, then one retry when the
   * image is in view again; the last 200 loaded addresses show at once (cache).
   */
  lazyImages: { threshold: 0.1, retries: 1, preload: 1.3, attempts: 3, cacheSize: 200 },
  vipServiceAboveRank: 4,
  rememberMeDays: 1,
  licences: ['MGA', 'BVI', 'PAGCOR'],
  lotteryVendors: ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'],
  hotCategories: ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'],
  agentTypes: [1, 2, 4, 41, 42],
  agentCenterTypes: [1, 2, 41, 42],
  trialAccountType: 4,
  brand: { platform: 'web', device: 'WEB', lotteryType: 'SEA' },
} as const;

/** Local storage keys (spec section 3). */
export const localKeys = { lang: 'lang', hisLang: 'hisLang', theme: 'theme' } as const;

/** Session storage keys (spec section 3). */
export const sessionKeys = {
  token: 'token',
  cpw: 'cpw',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  platform: 'platform',
  nickname: 'nickname',
  username: 'username',
  customerId: 'customerId',
  account: 'account',
  isAgent: 'isAgent',
  toUpline: 'toUpline',
  memberLabel: 'memberLabel',
  wallet: 'wallet',
  gameVendor: 'gameVendor',
  settings: 'settings',
  routers: 'routers',
  validate: 'validate',
  merchantWallet: 'merchantWallet',
  indexNotice: 'index_notice',
} as const;

export const languages = ['hi', 'en', 'bn'] as const;
export type Language = (typeof languages)[number];

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
