import { prizeModeOf } from '../../src/contract/prize-mode.ts';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/services/http-client.ts';
import { createLotteryClient } from '../../src/services/lottery.service.ts';

/** A client whose fetch answers `value` in the envelope and records each request. */
function clientAnswering(value: unknown) {
  const requests: { url: string; method: string; body: unknown; auth: string | null }[] = [];
  const http = createHttpClient({
    baseUrl: 'http://site.test',
    getToken: () => 'tok',
    getLanguage: () => 'hi',
    fetch: (async (input: string | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      requests.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.get('authorization'),
      });
      return new Response(JSON.stringify({ success: true, value }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return { lottery: createLotteryClient(http), requests };
}

const draw = {
  gameId: 'VN_FAST_1',
  numero: '202611260815',
  state: 'drawn',
  opensAt: '2026-11-26T08:14:00.000Z',
  locksAt: '2026-11-26T08:14:50.000Z',
  winningTime: '2026-11-26T08:15:00.000Z',
  seedHash: 'a'.repeat(64),
  seed: 'b'.repeat(64),
  layout: 'north27',
  numbers: ['12345'],
  source: 'rng',
  revision: 0,
};

describe('lottery service', () => {
  it('asks the menu for device WEB and the recent games with recentCount 100 and the prize mode', async () => {
    const { lottery, requests } = clientAnswering([]);
    await lottery.menu();
    await lottery.recent('Elott');
    expect(requests.map((r) => r.url)).toEqual([
      'http://site.test/lgw/vn/games/game_menu?device=WEB',
      'http://site.test/lgw/vn/games/game_menu/recent?prizeMode=Elott&device=WEB&recentCount=100',
    ]);
  });

  it('asks the most played lotteries of the prize mode: count 20, device WEB', async () => {
    const { lottery, requests } = clientAnswering({ list: [] });
    expect(await lottery.popular('Elott')).toEqual({ list: [] });
    expect(requests.map((r) => r.url)).toEqual([
      'http://site.test/lgw/games/popular?count=20&prizeMode=Elott&device=WEB',
    ]);
  });

  it('takes the prize mode by the spec: Elott when ELOTT has a TCG_LOTTO_VN or LOTT card', () => {
    const lane = (title: string, ...vassalages: string[]) => ({
      title,
      cards: vassalages.map((vassalage) => ({ vassalage })),
    });
    expect(prizeModeOf({ lanes: [lane('ELOTT', 'TCG_SEA', 'TCG_LOTTO_VN')] })).toBe('Elott');
    expect(prizeModeOf({ lanes: [lane('ELOTT', 'LOTT')] })).toBe('Elott');
    expect(prizeModeOf({ lanes: [lane('ELOTT', 'TCG_SEA'), lane('LOTT', 'LOTT')] })).toBe('Lott');
    expect(prizeModeOf({ lanes: [lane('LOTT', 'TCG_LOTTO_VN')] })).toBe('Lott');
    expect(prizeModeOf(null)).toBe('Lott');
  });

  it('fills the draw path and reads the draw with the contract schema', async () => {
    const { lottery, requests } = clientAnswering(draw);
    const read = await lottery.draw('VN_FAST_1', '202611260815');
    expect(read.numbers).toEqual(['12345']);
    expect(requests[0]!.url).toBe('http://site.test/lgw/vn/numeros/VN_FAST_1/202611260815');
  });

  it('refuses a reply that is not the contract (an unknown draw state)', async () => {
    const { lottery } = clientAnswering({ ...draw, state: 'exploded' });
    await expect(lottery.draw('VN_FAST_1', '202611260815')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('posts a slip with its idempotency key and the member token', async () => {
    const { lottery, requests } = clientAnswering({
      slipId: 's1',
      bets: [],
      total: '2700',
      balance: '97300',
    });
    const body = {
      gameId: 'VN_FAST_1',
      numero: '202611260815',
      idempotencyKey: 'slip-12345678',
      bets: [{ betType: 'lo' as const, selections: ['27'], unitAmount: '100' }],
    };
    const reply = await lottery.placeSlip(body);
    expect(reply.balance).toBe('97300');
    expect(requests[0]).toMatchObject({
      url: 'http://site.test/lgw/vn/bets',
      method: 'POST',
      body,
      auth: 'Bearer tok',
    });
  });

  it('asks the open draws of the given games only', async () => {
    const { lottery, requests } = clientAnswering([]);
    await lottery.openedNumero(['VN_FAST_1', 'VN_MB']);
    await lottery.openedNumeros('VN_MB', 10);
    expect(requests.map((r) => decodeURIComponent(r.url))).toEqual([
      'http://site.test/lotto/lgw/games/opened/numero?gameIds=VN_FAST_1,VN_MB',
      'http://site.test/lgw/vn/numeros/opened/game?gameId=VN_MB&count=10',
    ]);
  });
});
