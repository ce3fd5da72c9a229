import * as z from 'zod/mini';
import {
  announcementTypes,
  announcementListSchema,
  bannerListSchema,
  countryCodeSchema,
  domainRouteSchema,
  gameVendorSchema,
  helpCenterSchema,
  permissionSchema,
  systemPaths,
  systemStatusSchema,
} from '../contract/system.ts';
import type { Language } from '../contract/constants.ts';
import { constants } from '../contract/constants.ts';
import type { HttpClient } from './http-client.ts';

export type AnnouncementList = z.infer<typeof announcementListSchema>;
export type CountryCodes = z.infer<typeof countryCodeSchema>;
export type DomainRoute = z.infer<typeof domainRouteSchema>;

/** The system area's calls (spec section 7): start-up, site content and the language choice. */
export function createSystemService(http: HttpClient) {
  return {
    getStatus: (signal?: AbortSignal) =>
      http.get(systemPaths.status, systemStatusSchema, { signal }),

    /** The bootstrap payload for the host the visitor opened. */
    getPermission: (host: string, signal?: AbortSignal) =>
      http.get(systemPaths.permission, permissionSchema, { query: { host }, signal }),

    getBanners: (language: Language, signal?: AbortSignal) =>
      http.get(systemPaths.banner, bannerListSchema, { query: { language }, signal }),

    getAnnouncements: (language: Language, signal?: AbortSignal) =>
      http.get(systemPaths.announcements, announcementListSchema, {
        query: {
          types: announcementTypes.join(','),
          platform: constants.platformCode,
          execution: 'B',
          language,
        },
        signal,
      }),

    getVendors: (language: Language, signal?: AbortSignal) =>
      http.get(systemPaths.gameVendor, gameVendorSchema, {
        query: { platform: 'html5-desktop', language },
        signal,
      }),

    getHelpCenter: (language: Language, signal?: AbortSignal) =>
      http.get(systemPaths.helpCenter, helpCenterSchema, { query: { language }, signal }),

    getCountryCodes: (signal?: AbortSignal) =>
      http.get(systemPaths.countryCode, countryCodeSchema, { signal }),

    /** Domain routes and customer-service resources; readable in maintenance too. */
    getDomainRoute: (device: 0 | 3, signal?: AbortSignal) =>
      http.get(systemPaths.domainRoute, domainRouteSchema, { query: { device }, signal }),

    /** Tells the server the member's language (token). */
    updateLanguage: async (language: Language) => {
      await http.put(systemPaths.language, z.unknown(), { body: { language } });
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
