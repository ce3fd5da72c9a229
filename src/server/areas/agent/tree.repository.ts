import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import { agentTree } from './agent.schema.ts';

/**
 * The downline tree's queries (closure table `agent_tree`, kept by the trigger of migration
 * 0026). Each is one indexed statement whatever the depth: the primary key
 * (ancestor, depth, descendant) answers "whole team" and "direct downline", the
 * (descendant, depth) index answers "uplines of" and "path to".
 */

/** A member of a team as the tree queries answer it. */
export type TeamMember = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  /** Distance from the agent asked about: 1 is a direct downline. */
  depth: number;
  createdAt: Date;
  lastLoginAt: Date | null;
  affiliateCode: string | null;
};

const teamColumns = {
  id: members.id,
  username: members.username,
  nickname: members.nickname,
  type: members.type,
  depth: agentTree.depth,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  affiliateCode: members.affiliateCode,
};

/** The agent's whole team (every depth, the agent left out), nearest first. */
export function wholeTeam(db: Db, agentId: number): Promise<TeamMember[]> {
  return db
    .select(teamColumns)
    .from(agentTree)
    .innerJoin(members, eq(members.id, agentTree.descendantId))
    .where(and(eq(agentTree.ancestorId, agentId), gt(agentTree.depth, 0)))
    .orderBy(asc(agentTree.depth), asc(members.id));
}

/** The agent's direct downline (depth 1). */
export function directDownline(db: Db, agentId: number): Promise<TeamMember[]> {
  return db
    .select(teamColumns)
    .from(agentTree)
    .innerJoin(members, eq(members.id, agentTree.descendantId))
    .where(and(eq(agentTree.ancestorId, agentId), eq(agentTree.depth, 1)))
    .orderBy(asc(members.id));
}

/** How many members the agent's team has (every depth). */
export async function teamSize(db: Db, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentTree)
    .where(and(eq(agentTree.ancestorId, agentId), gt(agentTree.depth, 0)));
  return Number(row?.n ?? 0);
}

/** The depth of `memberId` under `agentId`: null when it is not in the agent's team. */
export async function depthInTeam(
  db: Db,
  agentId: number,
  memberId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ depth: agentTree.depth })
    .from(agentTree)
    .where(
      and(
        eq(agentTree.ancestorId, agentId),
        eq(agentTree.descendantId, memberId),
        gt(agentTree.depth, 0),
      ),
    );
  return row ? row.depth : null;
}

/** Whether `memberId` is in `agentId`'s team (any depth, the agent itself excluded). */
export async function isInTeam(db: Db, agentId: number, memberId: number): Promise<boolean> {
  return (await depthInTeam(db, agentId, memberId)) !== null;
}

/**
 * A member of the agent's team by account (case-insensitive, as logins are), with its depth;
 * undefined when there is no such member or it is outside the team (the caller answers both the
 * same: 403 not_in_team, so a foreign account's existence is not told).
 */
export async function findTeamMember(
  db: Db,
  agentId: number,
  username: string,
): Promise<TeamMember | undefined> {
  const [row] = await db
    .select(teamColumns)
    .from(members)
    .innerJoin(
      agentTree,
      and(
        eq(agentTree.descendantId, members.id),
        eq(agentTree.ancestorId, agentId),
        gt(agentTree.depth, 0),
      ),
    )
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`);
  return row;
}

/** The member's direct upline (null for a top agent or a member without one). */
export async function directUplineOf(
  db: Db,
  memberId: number,
): Promise<{ id: number; username: string; type: number } | null> {
  const [row] = await db
    .select({ id: members.id, username: members.username, type: members.type })
    .from(agentTree)
    .innerJoin(members, eq(members.id, agentTree.ancestorId))
    .where(and(eq(agentTree.descendantId, memberId), eq(agentTree.depth, 1)));
  return row ?? null;
}

/**
 * The accounts from the agent down to `memberId` (both included), for a breadcrumb; empty when
 * the member is not in the agent's team (the agent itself answers [agent]).
 */
export async function pathTo(db: Db, agentId: number, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ username: members.username, depth: agentTree.depth })
    .from(agentTree)
    .innerJoin(members, eq(members.id, agentTree.ancestorId))
    .where(
      and(
        eq(agentTree.descendantId, memberId),
        sql`${agentTree.depth} <= (select t.depth from agent_tree t
          where t.ancestor_id = ${agentId} and t.descendant_id = ${memberId})`,
      ),
    )
    .orderBy(sql`${agentTree.depth} desc`);
  return rows.map((row) => row.username);
}
