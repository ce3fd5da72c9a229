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
  /**
   * Loads at once and before the page's other images (the first banner: what the visitor sees
   * first, the phone's largest paint).
   */
  eager?: boolean;
};

/**
 * Every data image of the site (banners, game art, vendor logos, recent games) through the one
 * lazy rule (spec sections 8 and 9): on the page's image CDN; loaded once a tenth of it is
 * within 1.3 viewports; 3 attempts, then one retry when it is in view again; the last 200
 * loaded addresses show at once.
 */
export function LazyImage(props: Props) {
  const url = onImageCdn(props.src, useImageCdn());
  // A new address starts over.
  return <Lazy key={url} {...props} src={url} />;
}

function Lazy({ src, alt, fallback, className, width, height, eager }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [inView, setInView] = useState(eager === true || loaded.has(src));
  const [attempt, setAttempt] = useState(1);
  const [retried, setRetried] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const image = ref.current;
    if (inView || !image) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setInView(true);
      },
      { threshold: constants.lazyImages.threshold, rootMargin: observerMargin },
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [inView]);

  // Every attempt failed: the fallback, also while the one retry waits to be in view.
  const shown = failed || (retried && !inView) ? fallback : inView ? attemptUrl(src, attempt) : '';
  return (
    <img
      ref={ref}
      key={shown}
      src={shown || undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      // The site's own rule sets the address near the viewport; the browser's keeps it waiting
      // if the page moved meanwhile.
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
      onLoad={() => {
        if (!failed) loaded.add(src);
      }}
      onError={() => {
        if (failed) return;
        const next = afterFailure(attempt, retried);
        if (next === 'fallback') setFailed(true);
        else if (next === 'retryInView') {
          // The one retry waits until the image is in view again.
          setRetried(true);
          setAttempt(1);
          setInView(false);
        } else setAttempt(next);
      }}
    />
  );
}
