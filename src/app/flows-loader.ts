/**
 * A feature's flows made at its first page or screen (lottery, promotions, deposit, missions,
 * loyalty, help), not with the first page: one promise, made again after a failure.
 */
export function flowsLoader<T>(make: () => Promise<T>): () => Promise<T> {
  let flows: Promise<T> | null = null;
  return () => {
    flows ??= make().catch((error: unknown) => {
      flows = null;
      throw error;
    });
    return flows;
  };
}
