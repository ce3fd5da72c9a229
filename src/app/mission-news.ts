/**
 * The `mission` events as the mission page takes them: the realtime wiring emits, an open page
 * listens (and reads its missions again).
 */
export function createMissionNews() {
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
export type MissionNews = ReturnType<typeof createMissionNews>;
