import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { systemStatusMachine } from '../machines/system-status.machine.ts';
import type { preferencesMachine } from '../machines/preferences.machine.ts';
import type { remoteDataMachine } from '../machines/remote-data.machine.ts';

export type RemoteDataRef = ActorRefFrom<typeof remoteDataMachine>;

/**
 * The running actors the app (src/app) creates and the UI reads. Each remote resource states
 * the type its data has, as the app's loader returns it.
 */
export type SiteActors = {
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
};

export const SiteContext = createContext<SiteActors | null>(null);

export function useSite(): SiteActors {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs <SiteContext.Provider> from src/app');
  return site;
}
