import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SecretBox } from '../../../platform/keys/secret-box.ts';
import type { Operator } from '../../../platform/http/auth.ts';
import { insertAudit } from '../../../platform/audit/audit.repository.ts';
import { lockKey } from '../../../platform/db/advisory-lock.ts';
import type {
  AddProviderBody,
  EditProviderBody,
  LaunchSettings,
  MemberBetsPage,
  Provider,
  ProviderSecretReply,
} from '../../../../contract/seamless.ts';
import {
  findProvider,
  insertProvider,
  launchSettings,
  listProviders,
  pageMemberBets,
  saveLaunchSettings,
  updateProvider,
  vendorsClaimed,
  type ProviderRow,
} from './seamless.repository.ts';
import { betRecordOf } from './bet-records.service.ts';

export const builtinProviderCode = 'BUILTIN';

/** Advisory lock space of the providers' vendors: one add or edit at a time checks them. */
const VENDOR_SPACE = 7403;

/**
 * A vendor is served by one active provider at most (its launches and bets go to that one): an
 * active provider claiming a vendor another active provider serves is refused, under a lock so
 * two edits at once cannot both claim it.
 */
async function claimVendors(tx: Db, code: string, status: string, vendors: readonly string[]) {
  await lockKey(tx, VENDOR_SPACE, 'vendors');
  if (status !== 'active') return;
  const [taken] = await vendorsClaimed(tx, vendors, code);
  if (taken) {
    throw new AppError(409, 'seamless_vendor_claimed', 'seamless_vendor_claimed', {
      vendor: taken.vendor,
      provider: taken.provider,
    });
  }
}

const providerOf = (row: ProviderRow): Provider => ({
  code: row.code,
  name: row.name,
  shape: row.shape,
  status: row.status,
  allowedIps: row.allowedIps,
  vassalages: row.vassalages,
  launchUrl: row.launchUrl,
  secretRotatedAt: row.secretRotatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const newSecret = () => randomBytes(32).toString('base64url');

/** The operator's side: game providers and their secrets (audited), a member's bets. */
export function createProvidersService(deps: {
  db: Db;
  clock: Clock;
  box: SecretBox;
  /** Called once a provider's row has changed (the wallet's cache of providers forgets it). */
  changed?: (code: string) => void;
}) {
  const { db, clock, box } = deps;
  const changed = <T>(code: string, result: T) => {
    deps.changed?.(code);
    return result;
  };
  const actorOf = (operator: Operator) => `operator:${operator.username}`;

  return {
    async list(): Promise<Provider[]> {
      return (await listProviders(db)).map(providerOf);
    },

    async add(operator: Operator, body: AddProviderBody): Promise<ProviderSecretReply> {
      const secret = newSecret();
      const now = clock();
      return db.transaction(async (tx) => {
        await claimVendors(tx, body.code, 'active', body.vassalages ?? []);
        const row = await insertProvider(tx, {
          code: body.code,
          name: body.name,
          shape: body.shape ?? 'seamless',
          allowedIps: body.allowedIps ?? [],
          vassalages: body.vassalages ?? [],
          launchUrl: body.launchUrl,
          secretSealed: box.seal(secret),
          secretRotatedAt: now,
          createdAt: now,
        });
        if (!row) throw new AppError(409, 'bad_request');
        const provider = providerOf(row);
        await insertAudit(tx, {
          actor: actorOf(operator),
          action: 'games.provider.add',
          target: `provider:${body.code}`,
          before: null,
          after: provider,
        });
        return { provider, secret };
      });
    },

    async edit(operator: Operator, code: string, body: EditProviderBody): Promise<Provider> {
      const after = await db.transaction(async (tx) => {
        const before = await findProvider(tx, code);
        if (!before) throw new AppError(404, 'not_found');
        const changes = Object.fromEntries(
          Object.entries(body).filter(([, value]) => value !== undefined),
        ) as Partial<ProviderRow>;
        if (changes.status !== undefined || changes.vassalages !== undefined) {
          await claimVendors(
            tx,
            code,
            changes.status ?? before.status,
            changes.vassalages ?? before.vassalages,
          );
        }
        const row =
          Object.keys(changes).length > 0 ? await updateProvider(tx, code, changes) : before;
        const after = providerOf(row ?? before);
        await insertAudit(tx, {
          actor: actorOf(operator),
          action: 'games.provider.edit',
          target: `provider:${code}`,
          before: providerOf(before),
          after,
        });
        return after;
      });
      return changed(code, after);
    },

    /** A new secret, answered once; the old one stops working at once. */
    async rotateSecret(operator: Operator, code: string): Promise<ProviderSecretReply> {
      const secret = newSecret();
      const reply = await db.transaction(async (tx) => {
        const before = await findProvider(tx, code);
        if (!before) throw new AppError(404, 'not_found');
        const row = await updateProvider(tx, code, {
          secretSealed: box.seal(secret),
          secretRotatedAt: clock(),
        });
        const provider = providerOf(row ?? before);
        await insertAudit(tx, {
          actor: actorOf(operator),
          action: 'games.provider.rotateSecret',
          target: `provider:${code}`,
          before: { secretRotatedAt: before.secretRotatedAt.toISOString() },
          after: { secretRotatedAt: provider.secretRotatedAt },
        });
        return { provider, secret };
      });
      return changed(code, reply);
    },

    /**
     * The built-in provider's row, made at the first start with `secret` (BUILTIN_GAMES_SECRET)
     * or a random one; with a configured secret that differs, the row takes it.
     */
    async ensureBuiltin(configured: string | undefined): Promise<void> {
      const row = await findProvider(db, builtinProviderCode);
      if (!row) {
        await insertProvider(db, {
          code: builtinProviderCode,
          name: 'Built-in games',
          shape: 'seamless',
          vassalages: [builtinProviderCode],
          launchUrl: '/game/builtin/{game}?token={token}&lang={lang}&platform={platform}',
          secretSealed: box.seal(configured ?? newSecret()),
        });
        return;
      }
      if (configured && box.open(row.secretSealed).plain !== configured) {
        await updateProvider(db, builtinProviderCode, {
          secretSealed: box.seal(configured),
          secretRotatedAt: clock(),
        });
        deps.changed?.(builtinProviderCode);
      }
    },

    /** The secret a provider signs with (the built-in provider reads its own). */
    async secretOf(code: string): Promise<string | undefined> {
      const row = await findProvider(db, code);
      return row ? box.open(row.secretSealed).plain : undefined;
    },

    async memberBets(query: {
      memberId: number;
      pageNo?: number;
      pageSize?: number;
    }): Promise<MemberBetsPage> {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 15;
      const { rows, count } = await pageMemberBets(
        db,
        query.memberId,
        (pageNo - 1) * pageSize,
        pageSize,
      );
      return {
        content: rows.map((row) => ({ ...betRecordOf(row), memberId: row.memberId })),
        pageNo,
        pageSize,
        totalElements: count,
        totalPages: Math.ceil(count / pageSize),
      };
    },

    async launchSettings(): Promise<LaunchSettings> {
      const row = await launchSettings(db);
      return { trialLaunch: row.trialLaunch };
    },

    async saveLaunchSettings(operator: Operator, body: LaunchSettings): Promise<LaunchSettings> {
      return db.transaction(async (tx) => {
        const before = await launchSettings(tx);
        await saveLaunchSettings(tx, body.trialLaunch, clock());
        await insertAudit(tx, {
          actor: actorOf(operator),
          action: 'games.launchSettings',
          target: 'launch-settings',
          before: { trialLaunch: before.trialLaunch },
          after: body,
        });
        return body;
      });
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
