import type { Language } from '../contract/constants.ts';
import type { SystemService } from '../services/system.service.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any call of the system service
type Call = (...args: any[]) => Promise<unknown>;

/**
 * A call whose first answer was asked for ahead (with `args`, before the call's own abort
 * signal): the first call with the same arguments takes that answer (or its failure), every
 * later call asks again. An answer nobody takes leaves no unhandled rejection behind.
 */
function askedAhead<F extends Call>(call: F, ...args: Parameters<F>): F {
  let ahead: ReturnType<F> | null = call(...args) as ReturnType<F>;
  ahead.catch(() => {});
  return ((...given: Parameters<F>) => {
    const answer = ahead;
    ahead = null;
    const same = args.every((value, i) => Object.is(value, given[i]));
    return answer && same ? answer : call(...given);
  }) as F;
}

/**
 * The start-up calls, sent before the page's texts and screens load rather than after (issue
 * 35: on a phone over mobile data the status, the bootstrap payload and the home page's
 * banners, notices and vendors each waited for the texts, then for each other). The site's
 * machines are unchanged: their first call of each gets the answer already under way.
 *
 * @example
 * const system = askStartupAhead(createSystemService(http), window.location.host, 'hi');
 */
export function askStartupAhead(
  system: SystemService,
  host: string,
  language: Language,
): SystemService {
  return {
    ...system,
    getStatus: askedAhead(system.getStatus),
    getPermission: askedAhead(system.getPermission, host),
    getBanners: askedAhead(system.getBanners, language),
    getAnnouncements: askedAhead(system.getAnnouncements, language),
    getVendors: askedAhead(system.getVendors, language),
  };
}
