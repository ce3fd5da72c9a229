/**
 * A server event as the pages take it: the realtime wiring emits, an open page listens (and
 * reads its figures again). One for the `mission` events, one for the `points` events.
 */
export function createNews() {
  const listeners = new Set<() => void>();
  return {
    emit: () => {
      for (const listener of listeners) listener();
    },
    listen(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type News = ReturnType<typeof createNews>;
