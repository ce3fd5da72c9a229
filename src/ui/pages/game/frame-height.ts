/**
 * A same-origin game page (the built-in games) tells the /game page its content's height, so
 * the page scrolls, not a frame inside it: on a phone the frame was 672 px with 1,375 px of
 * game inside. Only this origin's frame is listened to.
 */
export const frameHeightMessage = 'game:height';

export type FrameHeightMessage = { type: typeof frameHeightMessage; height: number };

/** Inside the frame: posts the content's height to the parent page on every change. */
export function reportFrameHeight(win: Window = window): () => void {
  if (win.parent === win) return () => {};
  const { body } = win.document;
  let sent = 0;
  const post = () => {
    const margin = parseFloat(win.getComputedStyle(body).marginBottom) || 0;
    const height = Math.ceil(body.getBoundingClientRect().bottom + margin);
    if (height === sent) return;
    sent = height;
    const message: FrameHeightMessage = { type: frameHeightMessage, height };
    win.parent.postMessage(message, win.location.origin);
  };
  const observer = new ResizeObserver(post);
  observer.observe(body);
  post();
  return () => observer.disconnect();
}

/** On the /game page: the height a message from `frame` asks for, or null if it is not one. */
export function frameHeightOf(
  event: MessageEvent,
  frame: HTMLIFrameElement | null,
  origin: string,
): number | null {
  if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return null;
  const data = event.data as Partial<FrameHeightMessage> | null;
  if (data?.type !== frameHeightMessage || typeof data.height !== 'number') return null;
  // A sane page height: never below nothing, never a runaway.
  return Number.isFinite(data.height)
    ? Math.min(Math.max(Math.round(data.height), 0), 20_000)
    : null;
}
