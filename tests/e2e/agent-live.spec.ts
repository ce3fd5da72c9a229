/**
 * The agent live view end to end (issue 34): a top agent whom the house pays 3.00 % real-time
 * wage opens the live view (agentLive) of the agent center on a server of its own (15-minute
 * windows, so one bet and its read fall in one window); a player of its team bets P 270.00 on
 * the lottery, and without a reload the team's valid turnover and the wage accrued so far rise
 * (the `agentLive` push reads the window again). The feed shows the contract, and stays; axe
 * finds nothing on the view.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './support/fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { opsAuthorization } from './support/member.ts';
import { walletDriver } from './support/wallet.ts';
import { axeViolations } from './support/axe.ts';
import { agentOpsPaths } from '../../src/contract/agent.ts';
import { lotteryPaths, type LotteryMenu } from '../../src/contract/lottery.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { scratchDir } from '../support/scratch-dir.ts';

test.describe.configure({ timeout: 180_000 });

type Account = { id: number; username: string; token: string };

/** A fresh DATA_DIR, migrated, with a top agent and a player of its team, each with a session. */
async function prepareSite(): Promise<{ dataDir: string; agent: Account; player: Account }> {
  const dataDir = await mkdtemp(join(scratchDir(), 'site-e2e-agent-live-'));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') });
  const stamp = Date.now().toString(36).toUpperCase();
  const made: Account[] = [];
  await database.migrateAndRun(async (db) => {
    const rows = [
      { key: 'agent', type: 1, code: `L${stamp}`, upline: null },
      { key: 'player', type: 0, code: null, upline: `L${stamp}` },
    ];
    for (const row of rows) {
      const username = `e2e_live_${row.key}_${stamp.toLowerCase()}`.slice(0, 30);
      const [member] = await db
        .insert(members)
        .values({
          username,
          nickname: username,
          type: row.type,
          affiliateCode: row.code,
          uplineAffiliateCode: row.upline,
        })
        .returning();
      const token = randomBytes(24).toString('hex');
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        memberId: member!.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      made.push({ id: member!.id, username, token });
    }
  });
  await database.close();
  return { dataDir, agent: made[0]!, player: made[1]! };
}

let site: RunningServer | undefined;
test.afterAll(async () => {
  await site?.stop();
});

test("the agent's live view shows a downline's bet in the turnover and the accrued wage", async ({
  browser,
}) => {
  const { dataDir, agent, player } = await prepareSite();
  site = await startServer(120_000, { DATA_DIR: dataDir, AGENT_REALTIME_WINDOW_SECONDS: '900' });
  const { baseURL } = site;

  // The house pays the agent 3.00 % of each window's valid turnover.
  const root = await fetch(new URL(agentOpsPaths.rootContracts, baseURL), {
    method: 'POST',
    headers: { authorization: opsAuthorization, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: agent.username, kind: 'realtime', tiers: [{ rateBps: 300 }] }),
  });
  expect(root.ok).toBe(true);

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((token) => {
    sessionStorage.setItem('token', token);
    localStorage.setItem('lang', 'en');
  }, agent.token);
  const page = await context.newPage();
  await page.goto('/?ac=agentLive');
  const view = page.getByTestId('ag-page-agentLive');
  await expect(view.getByTestId('ag-live-status')).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId('ag-live-validTurnover')).toContainText('0.00');
  await expect(view.getByTestId('ag-live-accrued')).toHaveText(/0\.00/);
  await expect(view.getByTestId('ag-live-countdown')).toHaveText(/^\d+:\d\d$/);
  // The root contract's step is in the feed.
  await expect(view.getByTestId('ag-live-feed-item').first()).toContainText('The site');

  // The player bets on the lottery (lo: a point of P 10.00 per number the layout draws, 27 or
  // 18, so P 270.00 or P 180.00 by the game open now: the slip's total says which).
  await walletDriver(baseURL).credit(player.id, '1000000');
  let total = 0n;
  const auth = { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' };
  const placeBet = async () => {
    const menu = (await (
      await fetch(new URL(lotteryPaths.gameMenu, baseURL), { headers: auth })
    ).json()) as { value: LotteryMenu };
    const game = menu.value.flatMap((tag) => tag.gameMenus).find((g) => g.numero);
    if (!game) return false;
    const bet = await fetch(new URL(lotteryPaths.bets, baseURL), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        gameId: game.gameId,
        numero: game.numero,
        bets: [{ betType: 'lo', selections: ['27'], unitAmount: '1000' }],
        idempotencyKey: `e2e-${randomUUID()}`,
      }),
    });
    if (!bet.ok) return false;
    total = BigInt(((await bet.json()) as { value: { total: string } }).value.total);
    return true;
  };
  await expect.poll(placeBet, { timeout: 60_000 }).toBe(true);
  expect([27_000n, 18_000n]).toContain(total);
  const rupees = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  const accrued = rupees((total * 300n) / 10_000n);

  // Without a reload: the turnover and the wage accrued so far (3 % of the stake) rise.
  await expect(view.getByTestId('ag-live-validTurnover')).toContainText(rupees(total), {
    timeout: 30_000,
  });
  await expect(view.getByTestId('ag-live-accruedTotal')).toContainText(accrued);
  await expect(view.getByTestId('ag-live-accrued')).toContainText(accrued);
  await expect(view.getByTestId('ag-live-windowBets')).toContainText('1');
  await expect(view.getByTestId('ag-live-recentBets')).toContainText('1');
  await expect(view.getByTestId('ag-live-status')).toBeVisible();
  // Its own context (not the fixture's): axe on the live view here.
  expect(await axeViolations(page), 'axe on the live view').toEqual([]);
  await context.close();
});
