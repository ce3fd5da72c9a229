import { fromPromise } from 'xstate';

/**
 * A promise actor the test settles by hand, so states like `loading` stay observable.
 * `calls` lists the inputs of every start; `resolve`/`reject` settle the latest one.
 */
export function heldPromise<TOutput, TInput = unknown>() {
  const calls: TInput[] = [];
  const pending: Array<{ resolve: (value: TOutput) => void; reject: (error: unknown) => void }> =
    [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject });
      }),
  );
  const latest = () => {
    const last = pending[pending.length - 1];
    if (!last) throw new Error('the actor was never started');
    return last;
  };
  return {
    logic,
    calls,
    /** Settles the start number `index` (default: the latest). */
    resolve: async (value: TOutput, index = pending.length - 1) => {
      (pending[index] ?? latest()).resolve(value);
      await settle();
    },
    reject: async (error: unknown, index = pending.length - 1) => {
      (pending[index] ?? latest()).reject(error);
      await settle();
    },
  };
}

/** Lets settled promise actors deliver their result. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
