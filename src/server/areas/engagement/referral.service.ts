import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import type { ReferralInfo, ReferralRules, ReferralRulesBody } from '../../../contract/missions.ts';
import { maskAccount } from './missions.service.ts';
import {
  friendsOf,
  ownCode,
  payReferralRewards,
  readRules,
  writeRules,
} from './referral.repository.ts';

/** No rules row yet: referral off. */
const offRules: ReferralRules = { enabled: false, reward: '0', minDeposit: '0', minTurnover: '0' };

/**
 * The site's own origin for links: the request's host when it is one of the site's domains
 * (SITE_DOMAINS, `*.` wildcards), else PUBLIC_URL (as the agent invitation's link).
 */
function ownOrigin(request: FastifyRequest, config: Config): string {
  const host = request.host.toLowerCase();
  const name = host.replace(/:\d+$/, '');
  const known = config.siteDomains.some((domain) =>
    domain.startsWith('*.') ? name.endsWith(domain.slice(1)) : name === domain,
  );
  return known && /^[a-z0-9.:-]+$/.test(host) ? `${request.protocol}://${host}` : config.publicUrl;
}

/** Job name: never rename (half of the scheduler's claim key). */
export const referralJobName = 'referral-rewards';

/**
 * Referral (issue 16): the player's code, link and friends; the operator's rules; the reward
 * job (every 5 minutes, once per period across nodes) paying each referrer once per friend who
 * reached the rules' deposit and valid turnover.
 */
export function createReferralService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  ledger: Pick<WalletPort['ledger'], 'postManySql' | 'postManyError' | 'posted'>;
}) {
  const { db, clock, config, ledger } = deps;

  /** One run: every qualified friend's reward, in `tx`; answers the referrers paid. */
  async function pay(tx: Db): Promise<number[]> {
    try {
      return await payReferralRewards(tx, ledger.postManySql, clock());
    } catch (error) {
      throw ledger.postManyError(error);
    }
  }

  const job: Job = {
    name: referralJobName,
    cron: '0 */5 * * * *',
    async run(tx) {
      const paid = await pay(tx);
      if (paid.length === 0) return;
      return () => ledger.posted(paid);
    },
  };

  return {
    job,
    pay,

    async info(member: MemberRow, request: FastifyRequest): Promise<ReferralInfo> {
      const code = await ownCode(db, member.id, clock());
      const [rules, friends] = await Promise.all([readRules(db), friendsOf(db, member.id)]);
      return {
        referralCode: code,
        referralLink: `${ownOrigin(request, config)}/register?referralCode=${encodeURIComponent(code)}`,
        rules: rules ?? offRules,
        friends: friends.map((friend) => ({
          account: maskAccount(friend.username),
          registeredAt: new Date(friend.registeredAt).toISOString(),
          deposit: friend.deposit,
          turnover: friend.turnover,
          state: friend.reward === null ? 'pending' : 'rewarded',
          reward: friend.reward,
        })),
        totalReward: friends
          .reduce((sum, friend) => sum + BigInt(friend.reward ?? '0'), 0n)
          .toString(),
      };
    },

    async rules(): Promise<ReferralRules> {
      return (await readRules(db)) ?? offRules;
    },

    async setRules(operator: Operator, body: ReferralRulesBody): Promise<ReferralRules> {
      return db.transaction(async (tx) => {
        const before = await readRules(tx);
        await writeRules(tx, body, clock());
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'referral.rules',
          target: 'referral_rules:1',
          before,
          after: body,
        });
        return body;
      });
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
