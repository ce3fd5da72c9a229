/**
 * What other areas may use of the system area: the site settings behind a narrow port (decorated
 * as `app.system`), and the reads other areas make inside their own transactions.
 */
import type { SystemService } from './system.service.ts';

export type SystemPort = Pick<SystemService, 'whitelabel' | 'registerSetting' | 'inMaintenance'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The system area's port (registered by `systemArea`). */
    system: SystemPort;
  }
}

export { getSettings, updateSettings, type SettingsRow } from './settings.repository.ts';
export { findModule } from './modules.repository.ts';
export { findValidator } from './validators.repository.ts';
export { addVendorIfMissing, listVendorLanes, listVendors } from './vendors.repository.ts';
export { countryByDialingCode } from './countries.repository.ts';
export type { SystemService };
