/**
 * A small typed driver for the operator API (src/contract/ops.ts), used by e2e tests to put
 * the site into the states they check: maintenance, blocked regions, and back.
 *
 * @example
 * const ops = opsDriver({ baseURL });
 * await ops.setMaintenance(new Date(Date.now() + 3_600_000));
 * await ops.clearMaintenance();
 */
import { z } from 'zod';
import { envelopeOf } from '../../../src/contract/envelope.ts';
import {
  maintenanceBodySchema,
  moduleBodySchema,
  modulesSchema,
  opsPaths,
  opsSystemSchema,
  regionBodySchema,
  settingsBodySchema,
} from '../../../src/contract/ops.ts';
import { opsCredentials } from './server.ts';

export type OpsSystem = z.infer<typeof opsSystemSchema>;
type MaintenanceBody = z.input<typeof maintenanceBodySchema>;
type RegionBody = z.input<typeof regionBodySchema>;

export type OpsDriver = {
  system(): Promise<OpsSystem>;
  setMaintenance(endTime: Date | string): Promise<void>;
  clearMaintenance(): Promise<void>;
  blockCidrs(cidrs: readonly string[]): Promise<void>;
  blockCountries(countries: readonly string[]): Promise<void>;
  clearRegion(): Promise<void>;
  /** Switches a white-label module flag (src/contract/system.ts moduleIds). */
  setModule(modId: string, enabled: boolean): Promise<void>;
  /** Whether forms ask for the image captcha (site setting). */
  setCaptcha(enabled: boolean): Promise<void>;
  /** Every module flag of the site by id, as the operator's module tree says. */
  moduleFlags(): Promise<Map<string, boolean>>;
};

/**
 * One operator call (HTTP Basic with the e2e operator) answering the envelope's value; throws
 * with the reply on anything but success.
 */
export async function opsRequest<T = unknown>(
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const authorization = `Basic ${Buffer.from(
    `${opsCredentials.username}:${opsCredentials.password}`,
  ).toString('base64')}`;
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : {}) as { success?: boolean; value?: T };
  if (!response.ok || !json.success) {
    throw new Error(`ops ${method} ${path} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return json.value as T;
}

export function opsDriver(options: {
  baseURL: string;
  username?: string;
  password?: string;
}): OpsDriver {
  const username = options.username ?? opsCredentials.username;
  const password = options.password ?? opsCredentials.password;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  async function call<T extends z.ZodType>(
    method: 'GET' | 'PUT',
    path: string,
    body: unknown,
    valueSchema: T,
  ): Promise<z.infer<T> | undefined> {
    const response = await fetch(new URL(path, options.baseURL), {
      method,
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = envelopeOf(valueSchema).safeParse(text ? JSON.parse(text) : {});
    if (!response.ok || !parsed.success || !parsed.data.success) {
      throw new Error(
        `ops ${method} ${path} failed: HTTP ${response.status} ${text.slice(0, 300)}`,
      );
    }
    return parsed.data.value;
  }

  const system = async (): Promise<OpsSystem> => {
    const value = await call('GET', opsPaths.system, undefined, opsSystemSchema);
    if (!value) throw new Error('ops system: empty answer');
    return value;
  };
  const putMaintenance = async (body: MaintenanceBody) => {
    await call('PUT', opsPaths.maintenance, maintenanceBodySchema.parse(body), z.unknown());
  };
  const putRegion = async (body: RegionBody) => {
    await call('PUT', opsPaths.region, regionBodySchema.parse(body), z.unknown());
  };

  return {
    system,
    setMaintenance: (endTime) =>
      putMaintenance({
        enabled: true,
        endTime: typeof endTime === 'string' ? endTime : endTime.toISOString(),
      }),
    clearMaintenance: () => putMaintenance({ enabled: false, endTime: null }),
    async blockCidrs(cidrs) {
      const { region } = await system();
      await putRegion({ blockedCountries: region.blockedCountries, blockedCidrs: [...cidrs] });
    },
    async blockCountries(countries) {
      const { region } = await system();
      await putRegion({ blockedCountries: [...countries], blockedCidrs: region.blockedCidrs });
    },
    clearRegion: () => putRegion({ blockedCountries: [], blockedCidrs: [] }),
    async setCaptcha(enabled) {
      await call(
        'PUT',
        opsPaths.settings,
        settingsBodySchema.parse({ captchaEnabled: enabled }),
        z.unknown(),
      );
    },
    async moduleFlags() {
      const tree = (await call('GET', opsPaths.modules, undefined, modulesSchema)) ?? [];
      const flags = new Map<string, boolean>();
      const walk = (nodes: typeof tree) => {
        for (const node of nodes) {
          flags.set(node.modId, node.enabled === '1');
          walk(node.childrenNodes);
        }
      };
      walk(tree);
      return flags;
    },
    async setModule(modId, enabled) {
      const path = opsPaths.module.replace(':modId', encodeURIComponent(modId));
      await call('PUT', path, moduleBodySchema.parse({ enabled }), z.unknown());
    },
  };
}
