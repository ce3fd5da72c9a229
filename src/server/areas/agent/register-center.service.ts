import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DownlineMember, RegisterDownlinePayload } from '../../../contract/agent.ts';
import { checkField } from '../../../contract/validation-engine.ts';
import type { FieldRule } from '../../../contract/validation.ts';
import type { Config } from '../../config.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import { hashMemberPassword } from '../../platform/members/member-password.ts';
import { members } from '../../platform/members/members.schema.ts';
import type { SystemPort } from '../system/system.port.ts';

/** A sub-agent made by registerCenter (spec section 6: agent types 1, 2, 41, 42). */
export const subAgentType = 2;

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A new invitation code: 8 characters without look-alikes (0/O, 1/I). */
export function newAffiliateCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

const fieldError = (field: string) => new AppError(400, 'bad_request', 'bad_field', { field });

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The site's own origin for links: the request's host when it is one of the site's domains
 * (SITE_DOMAINS, `*.` wildcards), else PUBLIC_URL.
 */
export function ownOrigin(request: FastifyRequest, config: Config): string {
  const host = request.host.toLowerCase();
  const name = host.replace(/:\d+$/, '');
  const known = config.siteDomains.some((domain) =>
    domain.startsWith('*.') ? name.endsWith(domain.slice(1)) : name === domain,
  );
  return known && /^[a-z0-9.:-]+$/.test(host) ? `${request.protocol}://${host}` : config.publicUrl;
}

/**
 * registerCenter and the invitation (spec sections 1, 2): an agent makes a downline account with
 * an initial password (the first login must change it), a sub-agent gets its own invitation
 * code; the agent's code, its register link and how many registered with it.
 */
export function createRegisterCenterService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  system: Pick<SystemPort, 'registerSetting'>;
}) {
  const { db, clock } = deps;

  /** The agent's invitation code, made once when it has none (agents seeded without one). */
  async function codeOf(agent: MemberRow): Promise<string> {
    if (agent.affiliateCode) return agent.affiliateCode;
    for (;;) {
      try {
        const [row] = await db
          .update(members)
          .set({ affiliateCode: sql`coalesce(${members.affiliateCode}, ${newAffiliateCode()})` })
          .where(eq(members.id, agent.id))
          .returning({ code: members.affiliateCode });
        if (row?.code) return row.code;
        throw new Error('agent vanished');
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  return {
    codeOf,

    async register(agent: MemberRow, payload: RegisterDownlinePayload): Promise<DownlineMember> {
      const { validators } = await deps.system.registerSetting();
      const rules: [keyof RegisterDownlinePayload, FieldRule][] = [
        ['username', { ...validators.username, enabled: true, required: true }],
        ['password', { ...validators.password, enabled: true, required: true }],
      ];
      for (const [field, rule] of rules) {
        if (checkField(String(payload[field] ?? ''), rule)) throw fieldError(field);
      }
      const taken = await db
        .select({ id: members.id })
        .from(members)
        .where(sql`lower(${members.username}) = ${payload.username.toLowerCase()}`);
      if (taken.length > 0) throw new AppError(409, 'username_taken');
      const uplineCode = await codeOf(agent);
      const passwordHash = await hashMemberPassword(payload.password);
      const isAgent = payload.accountType === 'agent';
      const now = clock();
      for (;;) {
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(members)
              .values({
                username: payload.username,
                nickname: payload.nickname?.trim() || payload.username,
                type: isAgent ? subAgentType : 0,
                passwordHash,
                passwordChangedAt: now,
                createdAt: now,
                // The initial password is the agent's: the first login must change it.
                firstLogin: true,
                affiliateCode: isAgent ? newAffiliateCode() : null,
                uplineAffiliateCode: uplineCode,
                language: agent.language,
              })
              .returning();
            if (!row) throw new Error('member not inserted');
            await insertAudit(tx, {
              actor: `member:${agent.id}`,
              action: 'agent.registerDownline',
              target: `member:${row.id}`,
              before: null,
              after: { username: row.username, type: row.type, upline: agent.username },
            });
            return {
              username: row.username,
              nickname: row.nickname,
              type: row.type,
              isAgent,
              level: 1,
              upline: agent.username,
              teamSize: 0,
              balance: '0',
              createdAt: row.createdAt.toISOString(),
              lastLoginAt: null,
            };
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // The name was taken meanwhile, or (rarely) the new code: tell, or draw another code.
          const [again] = await db
            .select({ id: members.id })
            .from(members)
            .where(sql`lower(${members.username}) = ${payload.username.toLowerCase()}`);
          if (again) throw new AppError(409, 'username_taken');
        }
      }
    },

    async invitation(agent: MemberRow, request: FastifyRequest) {
      const code = await codeOf(agent);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(members)
        .where(sql`upper(${members.uplineAffiliateCode}) = ${code.toUpperCase()}`);
      return {
        code,
        playerLink: `${ownOrigin(request, deps.config)}/register?referralCode=${encodeURIComponent(code)}`,
        registrations: Number(count?.n ?? 0),
      };
    },
  };
}
export type RegisterCenterService = ReturnType<typeof createRegisterCenterService>;
