import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/**
 * How a lottery draw's numbers are made and checked (issue 14): one module for the server, which
 * draws, and the browser, which verifies. Pure functions over @noble/hashes (the same bytes on
 * Node and in the browser, no WebCrypto promise chain).
 *
 * Commit-reveal: when a draw opens the server publishes `seedHash = hex(SHA-256(seed))` of a
 * secret 32-byte seed; after the draw it publishes the seed. Anyone can then check that the seed
 * hashes to what was published before any bet closed, and that `drawNumbers(seed, ...)` gives the
 * numbers announced.
 */

/** One prize of a layout: its name and how many numbers of how many digits it has. */
export type Prize = { prize: PrizeName; count: number; digits: number };

export const prizeNames = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;
export type PrizeName = (typeof prizeNames)[number];

/**
 * The two Vietnamese prize layouts, special prize first. Northern (Miền Bắc): 27 numbers, the
 * special prize of 5 digits. Central and Southern (Miền Trung, Miền Nam): 18 numbers, the special
 * prize of 6 digits.
 */
export const layouts = {
  north27: [
    { prize: 'special', count: 1, digits: 5 },
    { prize: 'first', count: 1, digits: 5 },
    { prize: 'second', count: 2, digits: 5 },
    { prize: 'third', count: 6, digits: 5 },
    { prize: 'fourth', count: 4, digits: 4 },
    { prize: 'fifth', count: 6, digits: 4 },
    { prize: 'sixth', count: 3, digits: 3 },
    { prize: 'seventh', count: 4, digits: 2 },
  ],
  south18: [
    { prize: 'special', count: 1, digits: 6 },
    { prize: 'first', count: 1, digits: 5 },
    { prize: 'second', count: 1, digits: 5 },
    { prize: 'third', count: 2, digits: 5 },
    { prize: 'fourth', count: 7, digits: 5 },
    { prize: 'fifth', count: 1, digits: 4 },
    { prize: 'sixth', count: 3, digits: 4 },
    { prize: 'seventh', count: 1, digits: 3 },
    { prize: 'eighth', count: 1, digits: 2 },
  ],
} as const satisfies Record<string, readonly Prize[]>;
export type LayoutName = keyof typeof layouts;
export const layoutNames = Object.keys(layouts) as LayoutName[];

/** The numbers of a layout in order (27 or 18), each with its prize. */
export function slotsOf(layout: LayoutName): { prize: PrizeName; digits: number }[] {
  return layouts[layout].flatMap((p) =>
    Array.from({ length: p.count }, () => ({ prize: p.prize, digits: p.digits })),
  );
}

/** A fresh seed's commitment: lowercase hex SHA-256 of the seed's bytes. */
export function seedHashOf(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/**
 * Uniform integers below `bound` from the HMAC-SHA256 stream keyed by the seed (message
 * `label:counter`), by rejection sampling on 32-bit words: no modulo bias.
 */
export function uniformStream(seedHex: string, label: string): (bound: number) => number {
  const key = hexToBytes(seedHex);
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const nextWord = () => {
    if (offset + 4 > block.length) {
      block = hmac(sha256, key, utf8ToBytes(`${label}:${counter}`));
      counter += 1;
      offset = 0;
    }
    const word =
      ((block[offset]! << 24) |
        (block[offset + 1]! << 16) |
        (block[offset + 2]! << 8) |
        block[offset + 3]!) >>>
      0;
    offset += 4;
    return word;
  };
  return (bound: number) => {
    if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError('bound');
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % bound;
    }
  };
}

/**
 * A draw's numbers from its seed: for each slot of the layout, in order, a uniform number of the
 * slot's digits, zero-padded. The label binds the numbers to the game and the draw, so one seed
 * cannot be replayed on another draw.
 */
export function drawNumbers(
  seedHex: string,
  gameId: string,
  numero: string,
  layout: LayoutName,
): string[] {
  const next = uniformStream(seedHex, `${gameId}:${numero}`);
  return slotsOf(layout).map(({ digits }) => String(next(10 ** digits)).padStart(digits, '0'));
}

/** Checks a revealed seed against its commitment and the announced numbers. */
export function verifyDraw(input: {
  seed: string;
  seedHash: string;
  gameId: string;
  numero: string;
  layout: LayoutName;
  numbers: readonly string[];
}): { seedMatches: boolean; numbersMatch: boolean } {
  const seedMatches =
    /^[0-9a-f]{64}$/.test(input.seed) && seedHashOf(input.seed) === input.seedHash;
  const numbersMatch =
    seedMatches &&
    drawNumbers(input.seed, input.gameId, input.numero, input.layout).join(',') ===
      input.numbers.join(',');
  return { seedMatches, numbersMatch };
}
