import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { constants } from '../../contract/constants.ts';
import { useSiteShellFlows } from '../layout/site-shell-flows.ts';
import {
  afterFailure,
  attemptUrl,
  createLoadedCache,
  observerMargin,
  onImageCdn,
} from './lazy-image-rules.ts';

const loaded = createLoadedCache();

/** The image CDN of this page load (a random one of the bootstrap's imageCDNs), or null. */
export function useImageCdn(): string | null {
  const { systemStatus, imageCdn } = useSiteShellFlows();
  const list = useSelector(systemStatus, (s) => s.context.permission?.imageCDNs);
  return imageCdn(list ?? []);
}

type Props = {
  src: string;
  alt: string;
  /** What shows once every attempt failed. */
  fallback?: string;
  className?: string;
  width?: number | string;
  height?: number | string;
  /** Loads at once (the first banner: what the visitor sees first). */
  eager?: boolean;
};

/**
 * Every data image of the site (banners, game art, vendor logos, recent games) through the one
 * lazy rule (spec sections 8 and 9): on the page's image CDN; loaded once a tenth of it is
 * within 1.3 viewports; 3 attempts, then one retry when it is in view again; the last 200
 * loaded addresses show at once.
 */
export function LazyImage({ src, alt, fallback, className, width, height, eager }: Props) {
  const url = onImageCdn(src, useImageCdn());
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState({
    url,
    inView: eager === true || loaded.has(url),
    attempt: 1,
    retried: false,
    failed: false,
  });
  // A new address starts over.
  const current =
    state.url === url
      ? state
      : {
          url,
          inView: eager === true || loaded.has(url),
          attempt: 1,
          retried: false,
          failed: false,
        };
  if (current !== state) setState(current);

  const waiting = !current.inView;
  useEffect(() => {
    const image = ref.current;
    if (!waiting || !image) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setState((s) => ({ ...s, inView: true }));
      },
      { threshold: constants.lazyImages.threshold, rootMargin: observerMargin },
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [waiting, url]);

  // Every attempt failed: the fallback, also while the one retry waits to be in view.
  const shown =
    current.failed || (current.retried && !current.inView)
      ? (fallback ?? '')
      : current.inView
        ? attemptUrl(url, current.attempt)
        : undefined;
  return (
    <img
      ref={ref}
      key={shown ?? 'waiting'}
      src={shown || undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      className={className}
      data-lazy={current.failed ? 'failed' : current.inView ? 'shown' : 'waiting'}
      data-attempt={current.attempt}
      onLoad={() => {
        if (!current.failed) loaded.add(url);
      }}
      onError={() => {
        if (current.failed) return;
        const next = afterFailure(current.attempt, current.retried);
        setState((s) =>
          next === 'fallback'
            ? { ...s, failed: true }
            : next === 'retryInView'
              ? // The one retry waits until the image is in view again.
                { ...s, inView: false, attempt: 1, retried: true, failed: false }
              : { ...s, attempt: next },
        );
      }}
    />
  );
}
