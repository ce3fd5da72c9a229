import { describe, expect, it } from 'vitest';
import { createGamesClient, type GamesQuery } from '../../src/services/games.ts';
import { createHttpClient } from '../../src/services/http-client.ts';

const game = (nodeId: number) => ({
  nodeId,
  vassalage: 'SPINX',
  gameType: 'RNG',
  gameCode: `g${nodeId}`,
  gameName: `Game ${nodeId}`,
  gameClassify: 'SLOT',
  displayName: 'Spinx',
  minBet: '10',
  minLineNum: 1,
  isHot: 0,
  maintenance: false,
  imageUrl: `/media/games/${nodeId}.svg`,
  playedAt: '2026-11-25T09:00:00Z',
});

/** A games client over a server that has `total` recent games, 15 a page. */
function recentServer(total: number) {
  const asked: URL[] = [];
  const http = createHttpClient({
    baseUrl: 'http://site.test',
    getToken: () => 'tok',
    getLanguage: () => 'en',
    fetch: (async (input: string | URL) => {
      const url = new URL(String(input));
      asked.push(url);
      const pageNo = Number(url.searchParams.get('pageNo'));
      const all = Array.from({ length: total }, (_, i) => game(i + 1));
      const value = {
        list: all.slice((pageNo - 1) * 15, pageNo * 15),
        pageNo,
        pageSize: 15,
        totalCount: total,
        totalPages: Math.ceil(total / 15),
      };
      return new Response(JSON.stringify({ success: true, value }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return { games: createGamesClient(http), asked };
}

const recentTab = (gameType: string): GamesQuery => ({
  gameType,
  tab: 'recent',
  vassalage: null,
  gameClassify: null,
  gameName: '',
  minBet: 'all',
  pageNo: 1,
});

describe('games service: the recent tab', () => {
  it('loads every page of recent RNG games into one list', async () => {
    const { games, asked } = recentServer(40);
    const page = await games.page(recentTab('RNG'), 'en', false);
    expect(asked.map((url) => url.pathname + '?' + url.searchParams.get('pageNo'))).toEqual([
      '/wps/relay/GCS_recentGame?1',
      '/wps/relay/GCS_recentGame?2',
      '/wps/relay/GCS_recentGame?3',
    ]);
    expect(page.list.map((g) => g.nodeId)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(page.totalPages).toBe(1);
  });

  it('pages the other categories 15 at a time', async () => {
    const { games, asked } = recentServer(40);
    const page = await games.page(recentTab('LIVE'), 'en', false);
    expect(asked).toHaveLength(1);
    expect(page).toMatchObject({ totalPages: 3 });
    expect(page.list).toHaveLength(15);
  });
});

describe('games service: a vendor’s type', () => {
  it('reads one vendor of GCSGAME_getVassGameType, none for a code the call would refuse', async () => {
    const asked: string[] = [];
    const vendor = {
      vassalage: 'BUILTIN',
      gameType: 'RNG',
      displayName: 'Rajwin Originals',
      gameClassify: ['classic', 'slots'],
      maintenance: true,
    };
    const http = createHttpClient({
      baseUrl: 'http://site.test',
      getToken: () => null,
      getLanguage: () => 'en',
      fetch: (async (input: string | URL) => {
        asked.push(String(input));
        return new Response(JSON.stringify({ success: true, value: { list: [vendor] } }), {
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    const games = createGamesClient(http);
    expect(await games.vendorType('BUILTIN')).toEqual(vendor);
    expect(await games.vendorType('no such/vendor')).toBeNull();
    expect(asked).toEqual(['http://site.test/wps/relay/GCSGAME_getVassGameType?vassalage=BUILTIN']);
  });
});
