import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type RandomSource,
  fairSource,
  hashServerSeed,
  hmacSha256,
  sha256,
  shuffle,
  toHex,
  uniformFloat,
  uniformInt,
  utf8,
} from '../../src/contract/builtin-games/fair.ts';
import {
  builtinGameOfCode,
  payoutOf,
  playRound,
  verifyRound,
} from '../../src/contract/builtin-games/verify.ts';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('provably fair core', () => {
  it('computes SHA-256 as FIPS 180-4 (known vectors, every padding length)', () => {
    expect(toHex(sha256(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (let length = 0; length < 200; length++) {
      const text = 'x'.repeat(length);
      expect(toHex(sha256(utf8(text)))).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('computes HMAC-SHA256 as RFC 4231 (test cases 1, 2 and 6)', () => {
    expect(toHex(hmacSha256(fromHex('0b'.repeat(20)), utf8('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(
      toHex(
        hmacSha256(
          fromHex('aa'.repeat(131)),
          utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
        ),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('draws the round words from HMAC(serverSeed, clientSeed:nonce:cursor)', () => {
    const seeds = { serverSeed: 'a1'.repeat(32), clientSeed: 'lucky', nonce: 7 };
    const source = fairSource(seeds);
    const words = Array.from({ length: 16 }, () => source.nextUint32());
    const expected = [0, 1].flatMap((cursor) => {
      const block = createHmac('sha256', seeds.serverSeed).update(`lucky:7:${cursor}`).digest();
      return Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
    });
    expect(words).toEqual(expected);
    expect(hashServerSeed(seeds.serverSeed)).toBe(
      createHash('sha256').update(seeds.serverSeed).digest('hex'),
    );
  });

  it('rejects the words above the last multiple of n, so there is no modulo bias', () => {
    // n = 3 * 2^30: a plain modulo would give 0..2^30-1 twice the chance of the rest.
    const n = 3 * 2 ** 30;
    const words = [2 ** 32 - 1, 3 * 2 ** 30, 5];
    const source: RandomSource = { nextUint32: () => words.shift()! };
    expect(uniformInt(source, n)).toBe(5);
    expect(words).toEqual([]);
  });

  it('spreads integers evenly over the range (chi-square over 60,000 fair draws)', () => {
    const source = fairSource({ serverSeed: 'seed', clientSeed: 'client', nonce: 0 });
    const n = 6;
    const counts = new Array<number>(n).fill(0);
    const draws = 60_000;
    for (let i = 0; i < draws; i++) counts[uniformInt(source, n)]! += 1;
    const expected = draws / n;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: 20.5 is the 0.999 quantile.
    expect(chiSquare).toBeLessThan(20.5);
  });

  it('gives floats in [0, 1) and permutations of every item', () => {
    const source = fairSource({ serverSeed: 's', clientSeed: 'c', nonce: 1 });
    for (let i = 0; i < 1000; i++) {
      const value = uniformFloat(source);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect([...shuffle(source, 25)].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i),
    );
  });

  it('verifies a played round from the revealed seed (round trip) and spots a wrong seed', () => {
    const serverSeed = 'f0'.repeat(32);
    const seeds = { serverSeed, clientSeed: 'player-chosen', nonce: 42 };
    const inputs = [
      { game: 'slot' as const },
      { game: 'dice' as const, bet: { direction: 'under' as const, target: 5000 } },
      { game: 'crash' as const, bet: { target: 200 } },
    ];
    for (const input of inputs) {
      const played = playRound(seeds, input);
      const checked = verifyRound({ ...seeds, serverSeedHash: hashServerSeed(serverSeed) }, input);
      expect(checked.hashMatches).toBe(true);
      expect(checked.round).toEqual(played);
      const other = verifyRound(
        { ...seeds, serverSeed: 'f1'.repeat(32), serverSeedHash: hashServerSeed(serverSeed) },
        input,
      );
      expect(other.hashMatches).toBe(false);
    }
    // A different nonce is a different round.
    const a = playRound(seeds, inputs[1]!);
    const b = playRound({ ...seeds, nonce: 43 }, inputs[1]!);
    expect(a.result).not.toEqual(b.result);
  });

  it('pays stake x multiplier rounded down, exactly, for large stakes', () => {
    expect(payoutOf(1000, 19_800)).toBe(1980);
    expect(payoutOf(333, 15_000)).toBe(499);
    expect(payoutOf(9_000_000_000_000, 10_000_000)).toBe(9_000_000_000_000_000);
  });

  it('maps catalog game codes to the built-in games', () => {
    expect(builtinGameOfCode('dice')).toBe('dice');
    expect(builtinGameOfCode('BUILTIN_CRASH')).toBe('crash');
    expect(builtinGameOfCode('rajwin-slot')).toBe('slot');
    expect(builtinGameOfCode('mines')).toBeUndefined();
    expect(builtinGameOfCode('paradise')).toBeUndefined();
  });
});
