import type { Db } from '../../platform/db/client.ts';
import type { Language } from '../../../contract/constants.ts';
import { findMemberForUpdate, setMemberLanguage } from './members.repository.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';

export function createMemberService(deps: {
  db: Db;
  clock: Clock;
  /** After a change of the member's row (the node's member cache drops it). */
  memberChanged?: (memberId: number) => void;
}) {
  return {
    async updateLanguage(memberId: number, language: Language): Promise<{ language: Language }> {
      const result = await deps.db.transaction(async (tx) => {
        const before = await findMemberForUpdate(tx, memberId);
        if (!before) throw new AppError(401, 'not_logged_in');
        await setMemberLanguage(tx, memberId, language);
        await insertAudit(tx, {
          actor: `member:${memberId}`,
          action: 'member.language',
          target: `member:${memberId}`,
          before: { language: before.language },
          after: { language },
        });
        return { language };
      });
      deps.memberChanged?.(memberId);
      return result;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
