import type { MemberStatusResult, OpsMember } from '../../../contract/identity.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { endRememberedDevicesOf } from '../../platform/members/members.queries.ts';
import type { MemberStatus } from '../../platform/members/members.schema.ts';
import type { SessionEnds } from '../../platform/members/session-end.ts';
import { findMemberByUsername, findMemberForUpdate, updateMember } from './members.repository.ts';

/**
 * Operators find members by username, and disable and enable member accounts. Disabling ends every session of the member
 * (their sockets cut on every node) and forgets its remembered devices, in one audited
 * transaction; a disabled member cannot log in (`account_disabled`). Setting the status it
 * already has writes nothing.
 */
export function createMemberStatusService(deps: { db: Db; clock: Clock; ends: SessionEnds }) {
  async function setStatus(
    operator: Operator,
    memberId: number,
    status: MemberStatus,
    reason: string,
  ): Promise<MemberStatusResult> {
    return deps.ends.run(async (tx, end) => {
      const member = await findMemberForUpdate(tx, memberId);
      if (!member) throw new AppError(404, 'not_found');
      if (member.status === status) {
        return { memberId, status, changed: false, endedSessions: 0 };
      }
      await updateMember(tx, memberId, { status });
      let endedSessions = 0;
      if (status === 'disabled') {
        endedSessions = (await end({ memberId })).length;
        await endRememberedDevicesOf(tx, memberId, deps.clock());
      }
      await insertAudit(tx, {
        actor: `operator:${operator.username}`,
        action: status === 'disabled' ? 'member.disable' : 'member.enable',
        target: `member:${memberId}`,
        before: { status: member.status },
        after: { status, reason, endedSessions },
      });
      return { memberId, status, changed: true, endedSessions };
    });
  }

  return {
    disable: (operator: Operator, memberId: number, reason: string) =>
      setStatus(operator, memberId, 'disabled', reason),
    enable: (operator: Operator, memberId: number, reason: string) =>
      setStatus(operator, memberId, 'active', reason),

    /** One member by username (any case), for the operator; 404 when there is none. */
    async lookup(username: string): Promise<OpsMember> {
      const member = await findMemberByUsername(deps.db, username);
      if (!member) throw new AppError(404, 'not_found');
      return {
        memberId: member.id,
        username: member.username,
        nickname: member.nickname,
        type: member.type,
        status: member.status,
        uplineAffiliateCode: member.uplineAffiliateCode,
        createdAt: member.createdAt.toISOString(),
        lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      };
    },
  };
}

export type MemberStatusService = ReturnType<typeof createMemberStatusService>;
