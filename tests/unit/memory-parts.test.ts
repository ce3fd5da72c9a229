import { describe, expect, it } from 'vitest';
import { memoryParts } from '../../bench/support/process.ts';

const MiB = 2 ** 20;
/** A WebAssembly page: 64 KiB. */
const page = 64 * 1024;
/** Held for the whole file: a memory collected between two reads would change the figures. */
const memory = new WebAssembly.Memory({ initial: 64, maximum: 1024 });

/**
 * The soak bench splits a server's resident memory by part (bench/support/process.ts). The rule
 * that tells a WebAssembly memory from other anonymous memory (the accessible start of a
 * reservation of several GiB) is checked here on this very process: memory it touches must land
 * in the part it belongs to.
 */
describe('memoryParts', () => {
  it('counts a WebAssembly memory, as it grows, in its own part and nowhere else', () => {
    new Uint8Array(memory.buffer).fill(1);
    const before = memoryParts(process.pid);
    expect(before.wasm).toBeGreaterThanOrEqual(64 * page);

    memory.grow(128);
    new Uint8Array(memory.buffer).fill(2);
    const after = memoryParts(process.pid);
    // 8 MiB more touched, all of it in the WebAssembly part (other memories of the process, if
    // any, do not shrink in between).
    expect(after.wasm - before.wasm).toBeGreaterThanOrEqual(128 * page);
    expect(after.wasm - before.wasm).toBeLessThan(128 * page + MiB);
  });

  it('counts an ArrayBuffer outside the WebAssembly part', () => {
    const before = memoryParts(process.pid);
    const buffer = new Uint8Array(16 * MiB).fill(3);
    const after = memoryParts(process.pid);
    expect(after.wasm).toBe(before.wasm);
    expect(
      after.mallocHeap + after.anonymous - (before.mallocHeap + before.anonymous),
    ).toBeGreaterThanOrEqual(15 * MiB);
    expect(buffer[buffer.length - 1]).toBe(3);
  });
});
