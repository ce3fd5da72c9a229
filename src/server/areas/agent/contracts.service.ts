import { Cron } from 'croner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { constants } from '../../../contract/constants.ts';
import {
  contractKinds,
  type ConsolidatedContractInfo,
  type ContractKind,
  type ContractTier,
  type ContractView,
  type DividendPeriod,
  type ProcessContractBody,
  type ProcessContractReply,
} from '../../../contract/agent.ts';
import type { contractStatuses } from '../../../contract/realtime.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import type { MemberEvent, Publisher } from '../../platform/realtime/publisher.ts';
import type { SystemPort } from '../system/system.port.ts';
import { kindEnabledOr403, teamMemberOr403 } from './access.ts';
import { members } from '../../platform/members/members.schema.ts';
import { agentContracts } from './agent.schema.ts';
import {
  cancelAboveCaps,
  contractCountsOf,
  contractsByIds,
  contractsOfMember,
  findByOfferKey,
  inForceStates,
  insertContract,
  lockContract,
  lockInForce,
  moveContracts,
  type ContractRow,
  type ContractWithParties,
} from './contracts.repository.ts';
import { directUplineOf } from './tree.repository.ts';

type ContractStatus = (typeof contractStatuses)[number];
/** A change to tell both parties of a contract after the commit (`contract` event). */
export type ContractChange = { contractId: number; status: ContractStatus };

/** The highest tier rate of a contract: its "win/loss" or "single-bet" rate. */
export const maxRateOf = (tiers: readonly ContractTier[]) =>
  tiers.reduce((max, tier) => Math.max(max, tier.rateBps), 0);

const boundaryPatterns: Record<'hourly' | 'daily' | DividendPeriod, string> = {
  hourly: '0 * * * *',
  daily: '0 0 * * *',
  Daily: '0 0 * * *',
  Weekly: '0 0 * * 1',
  Semimonthly: '0 0 1,16 * *',
  Monthly: '0 0 1 * *',
};

/**
 * The start of the next period of a contract after `now`: real-time windows are multiples of
 * `windowSeconds` since the epoch; hours, days (midnight), weeks (Monday), half months (the 1st
 * and 16th) and months (the 1st) in the operator's time zone. A termination takes effect there.
 */
export function nextPeriodBoundary(
  kind: ContractKind,
  period: DividendPeriod | null,
  now: Date,
  options: { timeZone: string; windowSeconds: number },
): Date {
  if (kind === 'realtime') {
    const ms = options.windowSeconds * 1000;
    return new Date(Math.floor(now.getTime() / ms) * ms + ms);
  }
  const pattern = boundaryPatterns[kind === 'dividend' ? (period ?? 'Monthly') : kind];
  const next = new Cron(pattern, { timezone: options.timeZone, paused: true }).nextRun(now);
  if (!next) throw new Error(`no next period for ${kind}`);
  return next;
}

/**
 * The automatic cancellations that follow a change of the in-force contracts of `agentIds`
 * (ended, superseded, replaced by a lower one): their downline contracts of the kind above their
 * new cap are cancelled, and so on down the tree (a downline that lost its in-force contract
 * caps its own downline at 0). One statement per level of the tree, never one per member. In
 * the caller's transaction; answers the cancelled contracts' ids (tell both sides with
 * `contractEvents` + `publishMany` after the commit).
 */
export async function cascadeCancellations(
  tx: Db,
  kind: ContractKind,
  agentIds: readonly number[],
  now: Date,
): Promise<number[]> {
  const cancelled: number[] = [];
  let frontier = [...new Set(agentIds)];
  while (frontier.length > 0) {
    const rows = await cancelAboveCaps(tx, kind, frontier, now);
    cancelled.push(...rows.map((row) => row.id));
    frontier = [...new Set(rows.map((row) => row.downlineId))];
  }
  return cancelled;
}

/**
 * Settlement's end of terminating contracts (after their last period is settled): `ids` that are
 * still terminating become ended, then their downlines' contracts of the kind above the new cap
 * are cancelled down the tree (`cascadeCancellations`). In the caller's transaction, a constant
 * number of statements per kind and tree level; answers the cancellations to tell after the
 * commit (`contractEvents` then `publishMany`, or the service's `tell`).
 */
export async function endContracts(
  tx: Db,
  ids: readonly number[],
  now: Date,
): Promise<{ ended: number[]; changes: ContractChange[] }> {
  if (ids.length === 0) return { ended: [], changes: [] };
  const ended = await moveContracts(tx, inArray(agentContracts.id, [...ids]), ['terminating'], {
    state: 'ended',
    now,
  });
  const changes: ContractChange[] = [];
  for (const kind of contractKinds) {
    const downlines = ended.filter((row) => row.kind === kind).map((row) => row.downlineId);
    if (downlines.length === 0) continue;
    const cancelled = await cascadeCancellations(tx, kind, downlines, now);
    changes.push(...cancelled.map((contractId) => ({ contractId, status: 'cancelled' as const })));
  }
  return { ended: ended.map((row) => row.id), changes };
}

/**
 * The `contract` events of some changes, to both parties (the house has no sockets): each with
 * the other party's account as counterparty and the receiver's own side as role. One statement.
 */
export async function contractEvents(
  db: Db,
  changes: readonly ContractChange[],
  at: Date,
): Promise<MemberEvent[]> {
  const rows = new Map(
    (await contractsByIds(db, [...new Set(changes.map((change) => change.contractId))])).map(
      (row) => [row.id, row],
    ),
  );
  const events: MemberEvent[] = [];
  for (const { contractId, status } of changes) {
    const row = rows.get(contractId);
    if (!row) continue;
    const payload = (counterparty: string, role: 'upline' | 'downline') => ({
      name: 'contract' as const,
      payload: { contractId, status, counterparty, role, at: at.toISOString() },
    });
    events.push({ memberId: row.downlineId, event: payload(row.uplineName, 'downline') });
    if (row.uplineId !== null) {
      events.push({ memberId: row.uplineId, event: payload(row.downlineName, 'upline') });
    }
  }
  return events;
}

/** A contract as `viewerId` sees it (upline or downline; the house's view is the upline's). */
export function viewOf(row: ContractWithParties, viewerId: number | null): ContractView {
  return {
    contractId: row.id,
    kind: row.kind,
    state: row.state,
    role: viewerId !== null && row.downlineId === viewerId ? 'downline' : 'upline',
    upline: row.uplineName,
    downline: row.downlineName,
    period: row.period ?? null,
    tiers: row.tiers,
    maxRateBps: row.maxRateBps,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    terminatedBy: row.terminatedBy ?? null,
  };
}

/** 400 contract_terms_invalid unless the tiers and period suit the kind. */
function checkTerms(kind: ContractKind, tiers: readonly ContractTier[], period?: DividendPeriod) {
  const periodOk = kind === 'dividend' ? period !== undefined : period === undefined;
  const realtimeOk =
    kind !== 'realtime' ||
    (tiers.length === 1 &&
      tiers.every(
        (tier) =>
          tier.minTurnover === '0' && tier.minNetLoss === '0' && tier.minActiveMembers === 0,
      ));
  const thresholdsOk = tiers.every(
    (tier) => !tier.minTurnover.startsWith('-') && !tier.minNetLoss.startsWith('-'),
  );
  if (!periodOk || !realtimeOk || !thresholdsOk) {
    throw new AppError(400, 'contract_terms_invalid');
  }
}

/** A unique index refused the row: another request made the same change at once. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A top agent (an agent type without an upline) by account: 404 not_found, 409 if not top. */
async function findTopAgent(tx: Db, username: string) {
  const [member] = await tx
    .select({ id: members.id, username: members.username, type: members.type })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`);
  if (!member || !(constants.agentCenterTypes as readonly number[]).includes(member.type)) {
    throw new AppError(404, 'not_found');
  }
  if (await directUplineOf(tx, member.id)) {
    throw new AppError(409, 'contract_direct_downline_only');
  }
  return member;
}

export type ContractsDeps = {
  db: Db;
  clock: Clock;
  system: Pick<SystemPort, 'whitelabel'>;
  publisher: Pick<Publisher, 'publishMany'>;
  timeZone: string;
  windowSeconds: number;
};

/**
 * The contract workflow of the four spec calls (spec section 4), contract info, and the
 * operator's root contracts. Every change is one transaction with its audit row; the `contract`
 * events go to both parties after the commit.
 */
export function createContractsService(deps: ContractsDeps) {
  const { db, clock, system, publisher } = deps;

  async function tell(changes: readonly ContractChange[], at: Date) {
    if (changes.length === 0) return;
    await publisher.publishMany(await contractEvents(db, changes, at));
  }

  /**
   * The upline's cap for the kind: its in-force contract's highest rate. An agent without one,
   * a top agent included, has nothing of the kind to pass down: 409
   * contract_upline_without_contract (the form's "never above your own rate").
   */
  async function capOf(tx: Db, uplineId: number, kind: ContractKind): Promise<number> {
    const own = await lockInForce(tx, uplineId, kind);
    if (!own) throw new AppError(409, 'contract_upline_without_contract');
    return own.maxRateBps;
  }

  async function listOf(memberId: number, kind: ContractKind) {
    return (await contractsOfMember(db, memberId, kind)).map((row) => viewOf(row, memberId));
  }

  async function reply(memberId: number, kind: ContractKind, id: number | null) {
    const contracts = await listOf(memberId, kind);
    return {
      contract: id === null ? null : (contracts.find((one) => one.contractId === id) ?? null),
      contracts,
    };
  }

  /** A contract of the kind the member is a party to: 404 contract_not_found, 403 not_in_team. */
  async function partyContract(tx: Db, member: MemberRow, kind: ContractKind, id: number) {
    const row = await lockContract(tx, id);
    if (!row) throw new AppError(404, 'contract_not_found');
    if (row.uplineId !== member.id && row.downlineId !== member.id) {
      throw new AppError(403, 'not_in_team');
    }
    if (row.kind !== kind) throw new AppError(404, 'contract_not_found');
    return row;
  }

  const audit = (tx: Db, member: MemberRow, action: string, row: ContractRow, after: object) =>
    insertAudit(tx, {
      actor: `member:${member.id}`,
      action: `agent.contract.${action}`,
      target: `contract:${row.id}`,
      before: { state: row.state },
      after,
    });

  async function offer(
    member: MemberRow,
    kind: ContractKind,
    body: Extract<ProcessContractBody, { action: 'offer' }>,
  ): Promise<ProcessContractReply> {
    checkTerms(kind, body.tiers, body.period);
    const downline = await teamMemberOr403(db, member.id, body.downline);
    if (
      downline.depth !== 1 ||
      !(constants.agentCenterTypes as readonly number[]).includes(downline.type)
    ) {
      throw new AppError(403, 'contract_direct_downline_only');
    }
    const maxRate = maxRateOf(body.tiers);
    const now = clock();
    const run = () =>
      db.transaction(async (tx) => {
        const earlier = await findByOfferKey(tx, member.id, body.idempotencyKey);
        if (earlier) {
          if (earlier.kind !== kind || earlier.downlineId !== downline.id) {
            throw new AppError(409, 'idempotency_key_reused');
          }
          return { id: earlier.id, changes: [] as ContractChange[] };
        }
        const cap = await capOf(tx, member.id, kind);
        if (maxRate > cap) throw new AppError(409, 'contract_rate_above_upline');
        const held = await lockInForce(tx, downline.id, kind);
        if (held && held.maxRateBps > maxRate) throw new AppError(409, 'contract_higher_in_force');
        // A new offer replaces the one waiting for an answer.
        const replaced = await moveContracts(
          tx,
          and(eq(agentContracts.downlineId, downline.id), eq(agentContracts.kind, kind))!,
          ['pending'],
          { state: 'cancelled', endsAt: now, now },
        );
        const row = await insertContract(tx, {
          kind,
          state: 'pending',
          uplineId: member.id,
          downlineId: downline.id,
          period: body.period ?? null,
          tiers: body.tiers,
          maxRateBps: maxRate,
          offerKey: body.idempotencyKey,
          now,
        });
        await audit(tx, member, 'offer', row, {
          state: 'pending',
          downline: downline.username,
          maxRateBps: maxRate,
          period: row.period,
          replaced: replaced.map((one) => one.id),
        });
        return {
          id: row.id,
          changes: [
            ...replaced.map((one) => ({ contractId: one.id, status: 'cancelled' as const })),
            { contractId: row.id, status: 'requested' as const },
          ],
        };
      });
    let outcome: { id: number; changes: ContractChange[] };
    try {
      outcome = await run();
    } catch (error) {
      // Two offers at once: the loser sees the winner's row (a retry answers it as made).
      if (!isUniqueViolation(error)) throw error;
      throw new AppError(409, 'contract_state_invalid');
    }
    await tell(outcome.changes, now);
    return reply(member.id, kind, outcome.id);
  }

  async function answer(
    member: MemberRow,
    kind: ContractKind,
    action: 'withdraw' | 'accept' | 'reject' | 'terminate',
    contractId: number,
  ): Promise<ProcessContractReply> {
    const now = clock();
    const changes = await db.transaction(async (tx): Promise<ContractChange[]> => {
      const row = await partyContract(tx, member, kind, contractId);
      const asUpline = row.uplineId === member.id;
      const invalid = () => new AppError(409, 'contract_state_invalid');
      const byId = eq(agentContracts.id, row.id);
      if (action === 'withdraw') {
        if (!asUpline || row.state !== 'pending') throw invalid();
        await moveContracts(tx, byId, ['pending'], { state: 'cancelled', endsAt: now, now });
        await audit(tx, member, 'withdraw', row, { state: 'cancelled' });
        return [{ contractId: row.id, status: 'cancelled' }];
      }
      if (action === 'reject') {
        if (asUpline || row.state !== 'pending') throw invalid();
        await moveContracts(tx, byId, ['pending'], { state: 'rejected', endsAt: now, now });
        await audit(tx, member, 'reject', row, { state: 'rejected' });
        return [{ contractId: row.id, status: 'rejected' }];
      }
      if (action === 'terminate') {
        if (row.state !== 'active') throw invalid();
        const endsAt = nextPeriodBoundary(kind, row.period ?? null, now, {
          timeZone: deps.timeZone,
          windowSeconds: deps.windowSeconds,
        });
        const by = asUpline ? 'upline' : 'downline';
        await moveContracts(tx, byId, ['active'], {
          state: 'terminating',
          endsAt,
          terminatedBy: by,
          now,
        });
        await audit(tx, member, 'terminate', row, {
          state: 'terminating',
          endsAt: endsAt.toISOString(),
          terminatedBy: by,
        });
        return [{ contractId: row.id, status: 'terminated' }];
      }
      // accept
      if (asUpline || row.state !== 'pending') throw invalid();
      await kindEnabledOr403(system, kind);
      if (row.uplineId !== null) {
        const cap = await capOf(tx, row.uplineId, kind);
        if (row.maxRateBps > cap) {
          throw new AppError(409, 'contract_rate_above_upline');
        }
      }
      const held = await lockInForce(tx, member.id, kind);
      if (held && held.maxRateBps > row.maxRateBps) {
        throw new AppError(409, 'contract_higher_in_force');
      }
      // The new contract supersedes the one in force (of a rate no higher).
      const superseded = held
        ? await moveContracts(tx, eq(agentContracts.id, held.id), inForceStates, {
            state: 'cancelled',
            endsAt: now,
            now,
          })
        : [];
      await moveContracts(tx, byId, ['pending'], { state: 'active', acceptedAt: now, now });
      await audit(tx, member, 'accept', row, {
        state: 'active',
        superseded: superseded.map((one) => one.id),
      });
      return [
        ...superseded.map((one) => ({ contractId: one.id, status: 'cancelled' as const })),
        { contractId: row.id, status: 'accepted' as const },
      ];
    });
    await tell(changes, now);
    return reply(member.id, kind, contractId);
  }

  return {
    /** One of the four spec calls: the workflow step `body.action` on a contract of `kind`. */
    async process(
      member: MemberRow,
      kind: ContractKind,
      body: ProcessContractBody,
    ): Promise<ProcessContractReply> {
      await kindEnabledOr403(system, kind);
      switch (body.action) {
        case 'list':
          return reply(member.id, kind, null);
        case 'offer':
          return offer(member, kind, body);
        default:
          return answer(member, kind, body.action, body.contractId);
      }
    },

    /** Consolidated contract info (spec section 3): offers waiting per kind, in-force counts. */
    async info(member: MemberRow): Promise<ConsolidatedContractInfo> {
      const rows = await contractCountsOf(db, member.id);
      const of = (kind: ContractKind) => rows.find((row) => row.kind === kind);
      const waiting = (kind: ContractKind) => ((of(kind)?.pending ?? 0) > 0 ? '1' : '0');
      return {
        dailysalreqtype: waiting('daily'),
        divtypereq: waiting('dividend'),
        contracthoursalreq: waiting('hourly'),
        realtimesalreqtype: waiting('realtime'),
        active: Object.fromEntries(
          contractKinds.map((kind) => [kind, Number(of(kind)?.inForce ?? 0)]),
        ) as ConsolidatedContractInfo['active'],
      };
    },

    /** Every contract of the member, both roles (the member detail page). */
    async contractsOf(memberId: number, viewerId: number): Promise<ContractView[]> {
      return (await contractsOfMember(db, memberId)).map((row) => viewOf(row, viewerId));
    },

    /**
     * Operator: the house's contract with a top agent, in force at once. It supersedes the
     * agent's contract of the kind; when its rate is lower, the agent's downline contracts above
     * it are cancelled down the tree. Audited.
     */
    async rootContract(
      operator: Operator,
      body: {
        agent: string;
        kind: ContractKind;
        tiers: ContractTier[];
        period?: DividendPeriod;
      },
    ): Promise<ContractView> {
      checkTerms(body.kind, body.tiers, body.period);
      await kindEnabledOr403(system, body.kind);
      const now = clock();
      const maxRate = maxRateOf(body.tiers);
      const { id, changes } = await db.transaction(async (tx) => {
        const target = await findTopAgent(tx, body.agent);
        const held = await lockInForce(tx, target.id, body.kind);
        const superseded = held
          ? await moveContracts(tx, eq(agentContracts.id, held.id), inForceStates, {
              state: 'cancelled',
              endsAt: now,
              now,
            })
          : [];
        const row = await insertContract(tx, {
          kind: body.kind,
          state: 'active',
          uplineId: null,
          downlineId: target.id,
          period: body.period ?? null,
          tiers: body.tiers,
          maxRateBps: maxRate,
          offerKey: null,
          now,
        });
        const cascaded =
          held && held.maxRateBps > maxRate
            ? await cascadeCancellations(tx, body.kind, [target.id], now)
            : [];
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'agent.contract.root',
          target: `contract:${row.id}`,
          before: held ? { contractId: held.id, maxRateBps: held.maxRateBps } : null,
          after: {
            agent: target.username,
            kind: body.kind,
            maxRateBps: maxRate,
            period: row.period,
            cancelled: cascaded,
          },
        });
        return {
          id: row.id,
          changes: [
            ...superseded.map((one) => ({ contractId: one.id, status: 'cancelled' as const })),
            ...cascaded.map((one) => ({ contractId: one, status: 'cancelled' as const })),
            { contractId: row.id, status: 'accepted' as const },
          ],
        };
      });
      await tell(changes, now);
      const [row] = await contractsByIds(db, [id]);
      return viewOf(row!, null);
    },

    /** Tells both parties of each change (after the caller's commit). */
    tell,
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
