import { useEffect, type RefObject } from 'react';

/**
 * Closes an open dropdown or panel when the user presses outside it or presses Escape
 * (the header's account menu and notification panel).
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null);
 * useDismiss(ref, open, () => setOpen(false));
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}
