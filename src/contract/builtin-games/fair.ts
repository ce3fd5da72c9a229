// Provably fair core of the built-in games, shared by the provider (server) and the verifier page
// (browser): it lives in src/contract because both sides must compute the same outcome from the
// same seeds, and contract is the one folder both may import. Pure and synchronous (a small
// SHA-256 of its own, so the browser needs no async WebCrypto and the server no node:crypto).
//
// Scheme: the server seed is secret while in use and its SHA-256 is shown before play; the
// player sets the client seed; every round takes the next nonce. The round's random bytes are
// HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`) for cursor 0, 1,
// 2... (32 bytes each, read as big-endian 32-bit words). Integers in [0, n) come by rejection
// sampling (no modulo bias); floats in [0, 1) from 53 bits. Rotating the seed reveals the old
// one, so every past round can be recomputed.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const encoder = new TextEncoder();

/** UTF-8 bytes of a text. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Lower-case hexadecimal of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 (FIPS 180-4) of bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const length = message.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bits >>> 0);

  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e! >>> 6) | (e! << 26)) ^ ((e! >>> 11) | (e! << 21)) ^ ((e! >>> 25) | (e! << 7));
      const ch = (e! & f!) ^ (~e! & g!);
      const t1 = (hh! + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 =
        ((a! >>> 2) | (a! << 30)) ^ ((a! >>> 13) | (a! << 19)) ^ ((a! >>> 22) | (a! << 10));
      const maj = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d! + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = h[0]! + a!;
    h[1] = h[1]! + b!;
    h[2] = h[2]! + c!;
    h[3] = h[3]! + d!;
    h[4] = h[4]! + e!;
    h[5] = h[5]! + f!;
    h[6] = h[6]! + g!;
    h[7] = h[7]! + hh!;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

/** HMAC-SHA256 (RFC 2104) of a message under a key. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

/** The hash shown before play: SHA-256 of the server seed's text, in hex. */
export const hashServerSeed = (serverSeed: string): string => toHex(sha256(utf8(serverSeed)));

/** A stream of uniform 32-bit words: the fair HMAC stream, or a fast one in simulations. */
export type RandomSource = { nextUint32(): number };

/** The seeds of one round. */
export type RoundSeeds = { serverSeed: string; clientSeed: string; nonce: number };

/**
 * The round's words: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), 8 words a block.
 *
 * @example
 * const source = fairSource({ serverSeed, clientSeed: 'lucky', nonce: 3 });
 * const roll = uniformInt(source, 10_000);
 */
export function fairSource(seeds: RoundSeeds): RandomSource {
  const key = utf8(seeds.serverSeed);
  let cursor = 0;
  let words: DataView | null = null;
  let index = 8;
  return {
    nextUint32() {
      if (index === 8) {
        const block = hmacSha256(key, utf8(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`));
        words = new DataView(block.buffer);
        cursor += 1;
        index = 0;
      }
      return words!.getUint32(4 * index++);
    },
  };
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection: a word at or above the largest
 * multiple of n under 2^32 is drawn again, so no value is favoured.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return word % n;
  }
}

/** A uniform float in [0, 1) with 53 random bits. */
export function uniformFloat(source: RandomSource): number {
  const high = source.nextUint32() >>> 5; // 27 bits
  const low = source.nextUint32() >>> 6; // 26 bits
  return (high * 67_108_864 + low) / 9_007_199_254_740_992;
}

/** A random permutation of 0..n-1 (Fisher-Yates over uniformInt). */
export function shuffle(source: RandomSource, n: number): number[] {
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformInt(source, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
