import { useEffect, useState } from 'react';

const isModal = (dialog: HTMLDialogElement) => {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // an engine without :modal (jsdom): an open dialog is the best guess
  }
};

/** The open modal `<dialog>` shown last (the topmost of the top layer), or null. */
function topModal(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(isModal);
  // Dialogs opened later sit higher in the top layer; document order is the best guess left.
  return open.at(-1) ?? null;
}

/**
 * The topmost open modal dialog, followed as dialogs open and close. A modal dialog is in the
 * top layer and makes the rest of the page inert (unclickable, hidden from screen readers), so
 * anything that must stay on top of it and usable, like a toast, renders inside it.
 *
 * @example
 * const host = useTopModal();
 * return host ? createPortal(toast, host) : toast;
 */
export function useTopModal(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => setHost(topModal());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    return () => observer.disconnect();
  }, []);
  return host;
}
