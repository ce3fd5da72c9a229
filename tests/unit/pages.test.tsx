import { describe, expect, it } from 'vitest';
import { helpKeyword, sectionsToShow } from '../../src/ui/pages/help/help-search.ts';
import { filterVendors, weekdays } from '../../src/ui/pages/lottery/lottery-board.tsx';
import { downloadBase } from '../../src/ui/pages/download/download-page.tsx';
import { allNotices, customerServiceLinks } from '../../src/ui/pages/shared/site-data.ts';
import { hotVendors, vendorPath } from '../../src/ui/pages/shared/games.ts';
import { lobbyFilters } from '../../src/ui/pages/games/lobby.tsx';
import type { Notice, Permission, Vendor } from '../../src/contract/system.ts';

const vendor = (overrides: Partial<Vendor> = {}): Vendor => ({
  accountTypeId: 1,
  vassalage: 'STAR',
  gameType: 'RNG',
  displayName: 'Star Slots',
  isHot: 0,
  logo: '/media/vendors/STAR.svg',
  ...overrides,
});

const notice = (overrides: Partial<Notice> = {}): Notice => ({
  id: 1,
  title: 'Welcome',
  content: 'Hello',
  type: 'B',
  popup: false,
  publishedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const permission = (overrides: Partial<Permission> = {}) =>
  ({
    resources: [],
    customerService: { liveChatUrl: null, vipServiceUrl: null },
    domainRoute: [],
    ...overrides,
  }) as unknown as Permission;

describe('help centre search', () => {
  const sections = [
    {
      key: 'terms',
      title: 'Terms',
      articles: [{ id: '1', title: 'Eligibility', content: 'You must be 18 years old' }],
    },
    {
      key: 'withdrawal',
      title: 'Withdrawal',
      articles: [{ id: '2', title: 'How long', content: 'Requests are processed quickly' }],
    },
  ];

  it('sends the words with their spaces folded, within the server keyword limit', () => {
    expect(helpKeyword('  REQUESTS \t  quickly ')).toBe('REQUESTS quickly');
    expect(helpKeyword('   ')).toBe('');
    expect(helpKeyword(`${'a'.repeat(49)} b`)).toBe('a'.repeat(49));
  });

  it('shows the sections with articles, only the chosen one when a section is chosen', () => {
    expect(sectionsToShow(sections, null).map((s) => s.key)).toEqual(['terms', 'withdrawal']);
    expect(sectionsToShow(sections, 'terms').map((s) => s.key)).toEqual(['terms']);
    expect(sectionsToShow([{ ...sections[0]!, articles: [] }], null)).toEqual([]);
  });
});

describe('lottery board', () => {
  it('uses the spec weekday values: Monday to Saturday 2..7, Sunday 1', () => {
    expect(weekdays.map((d) => d.value)).toEqual([2, 3, 4, 5, 6, 7, 1]);
  });

  it('searches vendors by name or code', () => {
    const list = [vendor(), vendor({ vassalage: 'TCG_LOTTO_VN', displayName: 'VN Lotto' })];
    expect(filterVendors(list, 'lotto_vn').map((v) => v.vassalage)).toEqual(['TCG_LOTTO_VN']);
    expect(filterVendors(list, ' ')).toHaveLength(2);
  });
});

describe('page data helpers', () => {
  it('downloads from the first routed domain, else this site', () => {
    const routed = permission({ domainRoute: [{ domain: 'play.example', speed: 0 }] });
    expect(downloadBase(routed, 'http://localhost')).toBe('https://play.example');
    expect(downloadBase(permission(), 'http://localhost')).toBe('http://localhost');
    expect(downloadBase(null, 'http://localhost')).toBe('http://localhost');
  });

  it('lists every announcement once, newest first', () => {
    const a = notice({ id: 1, publishedAt: '2026-01-01T00:00:00.000Z' });
    const b = notice({ id: 2, type: 'PR', publishedAt: '2026-02-01T00:00:00.000Z' });
    const all = allNotices({ list: [a, b], popup: [a], promotion: [b] });
    expect(all.map((n) => n.id)).toEqual([2, 1]);
  });

  it('orders customer-service channels and falls back to the live-chat setting', () => {
    const links = customerServiceLinks(
      permission({
        resources: [{ resourceType: 'TELEGRAM', url: 'https://t.me/x', qrCodeUrl: null }],
        customerService: { liveChatUrl: 'https://chat.example', vipServiceUrl: null },
      }),
    );
    expect(links.map((l) => l.resourceType)).toEqual(['LIVECHAT', 'TELEGRAM']);
  });

  it('finds hot vendors once and links electronic vendors to their slot list', () => {
    const lanes = {
      lanes: [
        { title: 'RNG' as const, cards: [vendor({ isHot: 1 }), vendor()], gameClassify: [] },
        {
          title: 'LIVE' as const,
          cards: [vendor({ vassalage: 'AURA', gameType: 'LIVE' })],
          gameClassify: [],
        },
      ],
    };
    expect(hotVendors(lanes).map((v) => v.vassalage)).toEqual(['STAR']);
    expect(vendorPath(vendor())).toBe('/rng?vassalage=STAR');
    expect(vendorPath(vendor({ gameType: 'LOTT' }))).toBe('/elott');
    expect(vendorPath(vendor({ gameType: 'LIVE' }))).toBe('/live');
  });
});

describe('category page filters', () => {
  const lane = ['slots', 'jackpot', 'classic', 'bingo'];
  const builtin = {
    vassalage: 'BUILTIN',
    gameType: 'RNG' as const,
    displayName: 'Rajwin Originals',
    gameClassify: ['classic', 'slots'],
    maintenance: false,
  };

  it('offers the chosen vendor’s own classifies (GCSGAME_getVassGameType), else the lanes’', () => {
    expect(lobbyFilters(lane, null, ['hi', 'en'])).toEqual({
      classify: ['slots', 'jackpot', 'classic'],
      maintenance: false,
    });
    expect(lobbyFilters(lane, builtin, ['hi', 'en'])).toEqual({
      classify: ['classic', 'slots'],
      maintenance: false,
    });
  });

  it('tells a vendor under maintenance', () => {
    expect(lobbyFilters(lane, { ...builtin, maintenance: true }, ['en']).maintenance).toBe(true);
  });
});
