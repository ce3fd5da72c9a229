import type { Banner } from '../contract/system.ts';
import { bannerGroupByPath } from '../contract/routes.ts';
import { onImageCdn } from '../ui/components/lazy-image-rules.ts';
import type { SiteShellFlows } from '../ui/layout/site-shell-flows.ts';

/**
 * The first banner of the page's group is a phone's largest paint (issue 35). Its address is
 * known once the banners and the bootstrap payload (its image CDN) have answered, well before
 * the carousel renders it: a preload link asks for it then, at the priority the carousel's
 * image has (`fetchpriority="high"`), so the image is on its way while the page's code runs.
 * Once per page load; a page without banners asks for nothing.
 */
export function preloadFirstBanner(shell: SiteShellFlows, pathname: string, doc: Document): void {
  const group = bannerGroupByPath[pathname];
  if (!group) return;
  let done = false;
  const tryPreload = () => {
    if (done) return;
    const banners = shell.banners.getSnapshot().context.data as Banner[] | null;
    const permission = shell.systemStatus.getSnapshot().context.permission;
    if (!banners || !permission) return;
    done = true;
    subscriptions.forEach((s) => s.unsubscribe());
    const first = banners
      .filter((banner) => banner.groupName === group)
      .sort((a, b) => a.sortOrder - b.sortOrder)[0];
    if (!first?.url) return;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = onImageCdn(first.url, shell.imageCdn(permission.imageCDNs ?? []));
    link.setAttribute('fetchpriority', 'high');
    doc.head.append(link);
  };
  const subscriptions = [
    shell.banners.subscribe(tryPreload),
    shell.systemStatus.subscribe(tryPreload),
  ];
  tryPreload();
}
