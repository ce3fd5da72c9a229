import type { ActorRefFrom } from 'xstate';
import type { systemStatusMachine } from '../../machines/system-status.machine.ts';
import type { preferencesMachine } from '../../machines/preferences.machine.ts';
import type { RemoteDataRef } from '../hooks/use-remote-data.ts';
import { createFlowsContext } from '../hooks/flows-context.ts';
import type { HelpFlows } from '../pages/help/help-flows.ts';

/**
 * The site shell's running actors: start-up status, preferences and the shared remote
 * resources. Each remote resource states the type its data has, as the app's loader returns it.
 */
export type SiteShellFlows = {
  systemStatus: ActorRefFrom<typeof systemStatusMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  /** Banner[] of every group; the banner carousel picks the route's group. */
  banners: RemoteDataRef;
  /** { list, popup, promotion } announcements for the notice marquee and notice page. */
  notices: RemoteDataRef;
  /** { lanes } game vendors by category for the nav dropdowns, footer strip and lobbies. */
  vendors: RemoteDataRef;
  /** { sections } help center articles in the current language. */
  helpCenter: RemoteDataRef;
  /** The image CDN of this page load: one of the bootstrap's imageCDNs at random, or null. */
  imageCdn: (imageCDNs: readonly string[]) => string | null;
  /** The help page's panels' flows, made at the first panel (ui/pages/help/help-flows.ts). */
  help: () => Promise<HelpFlows>;
};

export const [SiteShellFlowsProvider, useSiteShellFlows] =
  createFlowsContext<SiteShellFlows>('SiteShell');
