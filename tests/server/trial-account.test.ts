import { describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import { securityCenterPaths } from '../../src/contract/security-center.ts';
import { recordsPaths } from '../../src/contract/records.ts';
import { messagePaths } from '../../src/contract/messages.ts';
import { withdrawPaths } from '../../src/contract/withdrawal.ts';
import { depositPaths } from '../../src/contract/deposit.ts';
import { walletPaths } from '../../src/contract/wallet.ts';
import { call, testSite } from '../support/server.ts';
import { trialToken } from '../support/trial.ts';

const site = testSite();

/**
 * Spec section 6: member-center screens need a token and a type other than 4. What each page of
 * the member center reads first, money pages and the others alike.
 */
const memberCenterReads = {
  securityCenter: securityCenterPaths.summary,
  transferFund: recordsPaths.consolidatedFunds,
  depositv2: depositPaths.channels,
  depositOrders: depositPaths.orders,
  withdraw: withdrawPaths.info,
  transactionHistory: `${recordsPaths.transactions}?preset=last7`,
  bonusDetails: `${recordsPaths.bonuses}?preset=last7`,
  messageV2: messagePaths.list,
};

describe('a trial (free play) account', () => {
  it.each(Object.entries(memberCenterReads))(
    'is refused the %s page (403 need_true_account)',
    async (_page, url) => {
      const token = await trialToken(site.app);
      const reply = await call(site.app, { url, headers: { authorization: `Bearer ${token}` } });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('need_true_account');
    },
  );

  it('still reads what the header shows: member info and balance', async () => {
    const token = await trialToken(site.app);
    const headers = { authorization: `Bearer ${token}` };
    expect((await call(site.app, { url: identityPaths.memberInfo, headers })).status).toBe(200);
    expect((await call(site.app, { url: walletPaths.balance, headers })).status).toBe(200);
  });
});
