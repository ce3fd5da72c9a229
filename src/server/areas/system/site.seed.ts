import type { systemSettings } from './settings.schema.ts';

/** The demo site: an Indian-market brand of our own. */
export const siteSeed = {
  id: 1,
  maintenanceEnabled: false,
  maintenanceEndTime: null,
  blockedCountries: [],
  blockedCidrs: [],
  currencySymbol: '₹',
  currencyCode: 'INR',
  languages: ['hi', 'en', 'bn'],
  defaultLanguage: 'hi',
  captchaEnabled: true,
  merchantCode: 'RAJWIN01',
  siteName: 'Rajwin',
  defaultCountry: 'IN',
  gtagId: null,
  // The site's own origin serves images and launches games until CDNs are configured.
  imageCdns: [''],
  launchGameCdns: [''],
  liveChatUrl: 'https://chat.rajwin.example/live',
  vipServiceUrl: 'https://chat.rajwin.example/vip',
} satisfies typeof systemSettings.$inferInsert;

export const resourceSeed = [
  {
    resourceType: 'LIVECHAT' as const,
    url: 'https://chat.rajwin.example/live',
    qrCodeUrl: null,
    sort: 1,
  },
  {
    resourceType: 'FACEBOOK' as const,
    url: 'https://www.facebook.com/rajwin.example',
    qrCodeUrl: null,
    sort: 2,
  },
  {
    resourceType: 'TELEGRAM' as const,
    url: 'https://t.me/rajwin_example',
    qrCodeUrl: null,
    sort: 3,
  },
  {
    resourceType: 'VIPSERVICE' as const,
    url: 'https://chat.rajwin.example/vip',
    qrCodeUrl: null,
    sort: 4,
  },
];

export const domainRouteSeed = [
  { device: 0, domain: 'https://www.rajwin.example', sort: 1 },
  { device: 0, domain: 'https://www2.rajwin.example', sort: 2 },
  { device: 3, domain: 'https://m.rajwin.example', sort: 1 },
  { device: 3, domain: 'https://m2.rajwin.example', sort: 2 },
];

export const countrySeed = [
  { code: 'IN', dialingCode: '91', name: 'India' },
  { code: 'BD', dialingCode: '880', name: 'Bangladesh' },
  { code: 'NP', dialingCode: '977', name: 'Nepal' },
  { code: 'LK', dialingCode: '94', name: 'Sri Lanka' },
  { code: 'PK', dialingCode: '92', name: 'Pakistan' },
  { code: 'AE', dialingCode: '971', name: 'United Arab Emirates' },
  { code: 'SA', dialingCode: '966', name: 'Saudi Arabia' },
  { code: 'QA', dialingCode: '974', name: 'Qatar' },
  { code: 'OM', dialingCode: '968', name: 'Oman' },
  { code: 'KW', dialingCode: '965', name: 'Kuwait' },
  { code: 'BT', dialingCode: '975', name: 'Bhutan' },
  { code: 'MV', dialingCode: '960', name: 'Maldives' },
  { code: 'MY', dialingCode: '60', name: 'Malaysia' },
  { code: 'SG', dialingCode: '65', name: 'Singapore' },
  { code: 'GB', dialingCode: '44', name: 'United Kingdom' },
  { code: 'CA', dialingCode: '1', name: 'Canada' },
].map((country, index) => ({ ...country, sort: index + 1 }));
