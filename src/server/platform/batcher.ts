/**
 * Taken once at load: a test that fakes timers later still gets batches run (a batch waits for
 * the end of the current turn of the event loop, not for a delay).
 */
const endOfTurn = setImmediate;

export type Batcher<T, R> = {
  /** Queues one item; resolves with its result once its batch has run. */
  add(item: T): Promise<R>;
  /** Queues several items at once (they run in the same batch, up to `maxItems`). */
  addMany(items: readonly T[]): Promise<R[]>;
};

/**
 * Group commit: items added during one turn of the event loop (a settlement's loop, the
 * continuations of postings that committed together) run as ONE call of `run`, at the end of
 * that turn; items added while a batch runs wait for it and form the next one. One batch runs at
 * a time, so batches complete in the order items were added. `run` answers one result per item,
 * in order; if it throws, every item of its batch rejects with that error.
 *
 * @example
 * const seqs = createBatcher((ids: number[]) => numberAll(db, ids));
 * await Promise.all(members.map((id) => seqs.add(id))); // one statement
 */
export function createBatcher<T, R>(
  run: (items: T[]) => Promise<R[]>,
  options: { maxItems?: number } = {},
): Batcher<T, R> {
  const maxItems = options.maxItems ?? 10_000;
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let draining = false;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxItems);
      try {
        const results = await run(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, i) => waiting.resolve(results[i] as R));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    draining = false;
  }

  function enqueue(item: T): Promise<R> {
    const result = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }));
    if (!draining) {
      draining = true;
      endOfTurn(() => void drain());
    }
    return result;
  }

  return {
    add: enqueue,
    addMany: (items) => Promise.all(items.map(enqueue)),
  };
}
