import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPackedMap } from '../../src/server/platform/rate-limit/rate-limit.store.ts';

type Op =
  { op: 'set'; key: string | number; value: number } | { op: 'delete'; key: string | number };

describe('the rate limit packed map', () => {
  it('answers as a Map would, through growth, removals and keys that do not fit', () => {
    // Few distinct keys, so sets, removals and sets again of one key meet.
    const key = fc.oneof(
      fc.integer({ min: 0, max: 3000 }),
      fc.constantFrom(0xffffffff, 2 ** 32, -1, 'global:2001:db8::1', 'global:010.0.0.1'),
    );
    const value = fc.oneof(fc.integer({ min: 1, max: 0x7fffffff }), fc.constant(2 ** 40));
    const op = fc.oneof(
      fc.record({ op: fc.constant('set' as const), key, value }),
      fc.record({ op: fc.constant('delete' as const), key }),
    );
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1500, maxLength: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        (ops: Op[], expected) => {
          const packed = createPackedMap(expected);
          const reference = new Map<string | number, number>();
          for (const step of ops) {
            if (step.op === 'set') {
              packed.set(step.key, step.value);
              reference.set(step.key, step.value);
            } else {
              packed.delete(step.key);
              reference.delete(step.key);
            }
          }
          expect(packed.size).toBe(reference.size);
          for (const k of reference.keys()) expect(packed.get(k)).toBe(reference.get(k));
          expect(new Map(packed.entries())).toEqual(reference);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is made with room for the keys it expects, and grows only past three quarters full', () => {
    const sized = createPackedMap(5000);
    // 5,000 keys take 60% of a new map's slots, not a power of two's.
    expect(sized.capacity).toBe(8334);
    for (let key = 1; key <= 5000; key += 1) sized.set(key, key);
    expect(sized.capacity).toBe(8334);
    expect(sized.get(4321)).toBe(4321);

    const unsized = createPackedMap();
    expect(unsized.capacity).toBe(1024);
    for (let key = 1; key <= 768; key += 1) unsized.set(key, key);
    expect(unsized.capacity).toBe(1024);
    unsized.set(769, 769);
    expect(unsized.capacity).toBe(2048);
    for (let key = 770; key <= 5000; key += 1) unsized.set(key, key);
    expect(unsized.capacity).toBe(8192);
    expect(unsized.size).toBe(5000);
    expect(unsized.get(1)).toBe(1);
    expect(unsized.get(5000)).toBe(5000);
  });

  it("takes over a dropped map's arrays of about its size, cleared, and makes its own otherwise", () => {
    const dropped = createPackedMap(5000);
    for (let key = 1; key <= 5000; key += 1) dropped.set(key, key);
    const next = createPackedMap(4000, dropped.arrays);
    expect(next.arrays.values).toBe(dropped.arrays.values);
    expect(next.capacity).toBe(8334);
    expect(next.size).toBe(0);
    expect(next.get(1)).toBeUndefined();
    expect([...next.entries()]).toEqual([]);
    for (let key = 4001; key <= 9000; key += 1) next.set(key, 1);
    expect(next.get(4001)).toBe(1);
    expect(next.get(4000)).toBeUndefined();
    expect(next.size).toBe(5000);
    // Twice the slots it needs, or too few: new arrays.
    expect(createPackedMap(100, next.arrays).arrays.values).not.toBe(next.arrays.values);
    expect(createPackedMap(20_000, next.arrays).capacity).toBe(33_334);
  });

  it('drops removed slots without growing while the live keys leave half the slots free', () => {
    const map = createPackedMap();
    // 400 live keys, and 800 more set and removed: the slots taken pass three quarters.
    for (let key = 1; key <= 1200; key += 1) {
      map.set(key, key);
      if (key > 400) map.delete(key);
    }
    expect(map.size).toBe(400);
    expect(map.capacity).toBe(1024);
    expect(map.get(400)).toBe(400);
    expect(map.get(401)).toBeUndefined();
    expect([...map.entries()]).toHaveLength(400);
  });
});
