import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { Badges } from './badges.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import type { Language } from '../../../contract/constants.ts';
import {
  leaderboardSize,
  type Mission,
  type MissionBody,
  type MissionClaimReply,
  type MissionDefinition,
  type MissionLeaderboard,
  type MissionSummary,
} from '../../../contract/missions.ts';
import {
  claimedSince,
  findDefinition,
  insertClaim,
  insertDefinition,
  leaderboard,
  listDefinitions,
  membersActiveBetween,
  missionProgress,
  periodSpans,
  updateDefinition,
  type DefinitionRow,
  type ProgressRow,
} from './missions.repository.ts';

/**
 * Missions (issue 16): the operator's daily and weekly definitions, each member's progress read
 * set-based from the rollups, deposits and logins (missions.repository.ts), the reward claimed
 * once per (mission, member, period) into the ledger, and the week's leaderboard.
 */
export type MissionsDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  ledger: Pick<WalletPort['ledger'], 'post'>;
  publisher: Pick<Publisher, 'publishMany'>;
  /** The area's red badges: a claim takes one off the reward center's and the mission badge. */
  badges?: Pick<Badges, 'push'>;
};

/** Job name: never rename (half of the scheduler's claim key). */
export const missionProgressJobName = 'mission-progress-events';

type Title = Partial<Record<Language, string>>;

/** The title in `language`, else English, else any. */
export const titleIn = (title: Title, language: string): string =>
  title[language as Language] ?? title.en ?? title.hi ?? title.bn ?? '';

/** The masked name the leaderboard shows (`rajesh77` -> `ra***77`). */
export function maskAccount(name: string): string {
  const chars = [...name];
  const shown = Math.min(Math.floor(chars.length / 2), 4);
  const head = Math.ceil(shown / 2);
  const tail = shown - head;
  return `${chars.slice(0, head).join('')}***${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}

const isComplete = (row: Pick<ProgressRow, 'progress' | 'target'>) =>
  BigInt(row.progress) >= BigInt(row.target);

export function missionOf(row: ProgressRow, language: string): Mission {
  const target = BigInt(row.target);
  const progress = BigInt(row.progress);
  return {
    missionId: row.missionId,
    period: row.period,
    missionType: row.missionType,
    gameType: row.gameType,
    title: titleIn(row.title, language),
    target: row.target,
    progress: row.progress,
    percent: Number((progress * 100n) / target),
    reward: row.reward,
    status: row.claimed ? 'claimed' : isComplete(row) ? 'completed' : 'inProgress',
  };
}

/** Completed missions not claimed yet, and completed ones (claimed or not), per member. */
export function countsOf(rows: readonly ProgressRow[]) {
  const counts = new Map<number, { claimableCount: number; completedCount: number }>();
  for (const row of rows) {
    const entry = counts.get(row.memberId) ?? { claimableCount: 0, completedCount: 0 };
    if (row.claimed || isComplete(row)) entry.completedCount += 1;
    if (!row.claimed && isComplete(row)) entry.claimableCount += 1;
    counts.set(row.memberId, entry);
  }
  return counts;
}

const definitionOf = (row: DefinitionRow): MissionDefinition => ({
  missionId: row.id,
  period: row.period,
  missionType: row.missionType,
  gameType: row.gameType,
  target: row.target,
  reward: row.reward,
  title: row.title,
  active: row.active,
  sortOrder: row.sortOrder,
});

const inputOf = (body: MissionBody) => ({
  period: body.period,
  missionType: body.missionType,
  gameType: body.gameType ?? null,
  target: body.target,
  reward: body.reward,
  title: body.title,
  active: body.active,
  sortOrder: body.sortOrder,
});

export function createMissionsService(deps: MissionsDeps) {
  const { db, clock, timeZone, ledger, publisher } = deps;

  /** Tells `memberIds` their mission figures after a commit (the `mission` event). */
  async function announce(memberIds: readonly number[]): Promise<void> {
    if (memberIds.length === 0) return;
    const counts = countsOf(await missionProgress(db, memberIds, clock(), timeZone));
    await publisher.publishMany(
      memberIds.map((memberId) => ({
        memberId,
        event: {
          name: 'mission' as const,
          payload: counts.get(memberId) ?? { claimableCount: 0, completedCount: 0 },
        },
      })),
    );
  }

  /**
   * Every minute, once across nodes: the members who played, deposited or logged in during the
   * minute (bets of the window still open included) get a `mission` event with their figures,
   * read set-based after the commit, so the mission page moves while they play.
   */
  const progressJob: Job = {
    name: missionProgressJobName,
    cron: '0 * * * * *',
    async run(tx, period) {
      const members = await membersActiveBetween(tx, period.start, period.end);
      if (members.length === 0) return;
      return () => announce(members);
    },
  };

  return {
    announce,
    progressJob,

    async summary(member: MemberRow, language: string): Promise<MissionSummary> {
      const now = clock();
      const [spans, rows] = await Promise.all([
        periodSpans(db, now, timeZone),
        missionProgress(db, [member.id], now, timeZone),
      ]);
      const counts = countsOf(rows).get(member.id) ?? { claimableCount: 0, completedCount: 0 };
      return {
        daily: { periodStart: spans.dayStart.toISOString(), periodEnd: spans.dayEnd.toISOString() },
        weekly: {
          periodStart: spans.weekStart.toISOString(),
          periodEnd: spans.weekEnd.toISOString(),
        },
        missions: rows.map((row) => missionOf(row, language)),
        ...counts,
        weeklyReward: await claimedSince(db, member.id, spans.weekStart),
      };
    },

    /**
     * The reward of a completed mission into the main wallet: one posting keyed per (mission,
     * member, period), its claim row and audit in the posting's transaction. A second claim
     * (even at the same instant) is 409 `mission_already_claimed` and pays nothing.
     */
    async claim(member: MemberRow, missionId: number): Promise<MissionClaimReply> {
      const now = clock();
      const [row] = await missionProgress(db, [member.id], now, timeZone, missionId);
      if (!row) throw new AppError(404, 'mission_not_found');
      if (row.claimed) throw new AppError(409, 'mission_already_claimed');
      if (!isComplete(row)) throw new AppError(409, 'mission_not_completed');
      const periodStart = row.periodStart;
      const result = await ledger.post(
        {
          memberId: member.id,
          kind: 'mission_reward',
          amount: BigInt(row.reward),
          idempotencyKey: `mission:${missionId}:${member.id}:${periodStart.toISOString()}`,
          reference: `mission:${missionId}`,
          actor: `member:${member.id}`,
        },
        async (tx, reply) => {
          const inserted = await insertClaim(tx, {
            missionId,
            memberId: member.id,
            periodStart,
            reward: row.reward,
            at: now,
          });
          if (!inserted) throw new AppError(409, 'mission_already_claimed');
          await insertAudit(tx, {
            actor: `member:${member.id}`,
            action: 'mission.claim',
            target: `mission:${missionId}`,
            before: null,
            after: {
              periodStart: periodStart.toISOString(),
              reward: row.reward,
              postingId: reply.postingId,
            },
          });
        },
      );
      if (result.replayed) throw new AppError(409, 'mission_already_claimed');
      void announce([member.id]);
      void deps.badges?.push([member.id]);
      return {
        missionId,
        reward: row.reward,
        balance: result.reply.entries[0]?.balanceAfter ?? '0',
      };
    },

    async leaderboard(member: MemberRow): Promise<MissionLeaderboard> {
      const spans = await periodSpans(db, clock(), timeZone);
      const board = await leaderboard(db, member.id, spans.weekStart, leaderboardSize);
      return {
        periodStart: spans.weekStart.toISOString(),
        periodEnd: spans.weekEnd.toISOString(),
        rows: board.rows.map((row) => ({
          rank: row.rank,
          account: maskAccount(row.username),
          completed: row.completed,
          reward: row.reward,
        })),
        me: board.me
          ? { rank: board.me.rank, completed: board.me.completed, reward: board.me.reward }
          : { rank: null, completed: 0, reward: '0' },
      };
    },

    async definitions(): Promise<MissionDefinition[]> {
      return (await listDefinitions(db)).map(definitionOf);
    },

    async create(operator: Operator, body: MissionBody): Promise<MissionDefinition> {
      return db.transaction(async (tx) => {
        const row = await insertDefinition(tx, inputOf(body));
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'mission.create',
          target: `mission:${row.id}`,
          before: null,
          after: definitionOf(row),
        });
        return definitionOf(row);
      });
    },

    async update(operator: Operator, id: number, body: MissionBody): Promise<MissionDefinition> {
      return db.transaction(async (tx) => {
        const before = await findDefinition(tx, id);
        if (!before) throw new AppError(404, 'mission_not_found');
        const row = await updateDefinition(tx, id, inputOf(body), clock());
        if (!row) throw new AppError(404, 'mission_not_found');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'mission.update',
          target: `mission:${id}`,
          before: definitionOf(before),
          after: definitionOf(row),
        });
        return definitionOf(row);
      });
    },
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;
