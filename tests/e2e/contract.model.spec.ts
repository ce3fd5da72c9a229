/**
 * The agent contract workflow walked in the browser path by path from its test model
 * (models/contract.model.ts), as planned in tests/support/model-walks.ts: the real-time wage
 * page of the agent center on either side. The process calls are held and answered as the path
 * says; contract and wage events are frames on a socket.io connection the test serves itself.
 * After every step the page must show what the model's state says. No clock: nothing waits.
 */
import { test, expect, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { agentPaths, type AgentCenter, type ContractView } from '../../src/contract/agent.ts';
import { identityPaths } from '../../src/contract/identity-paths.ts';
import { ServedChannel } from './support/served-channel.ts';
import { HeldCalls, apiPathPattern, serverFailure, walkPath } from './support/model-walk.ts';
import { newPlayerToken } from './support/member.ts';

const walk = browserWalks.contract!;
const plan = await walkPlan(walk);

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 60_000 });

let session: Promise<string> | undefined;

type Side = 'upline' | 'downline';
const downlineAgent = 'demo_agent2';

/** The agent center as the server would answer it on the walked side. */
function center(side: Side): AgentCenter {
  return {
    username: side === 'upline' ? 'walk_upline' : downlineAgent,
    type: side === 'upline' ? 1 : 2,
    pages: ['agentTeamOverview', 'agentRealtimeSalary'],
    offerableKinds: side === 'upline' ? ['realtime'] : [],
    realtimeWindowSeconds: 300,
    upline: side === 'upline' ? null : 'walk_upline',
  };
}

const ok = (value: unknown) => ({ json: { success: true, value } });

/** The agent events on the channel the test serves, numbered as the gateway numbers them. */
class AgentChannel extends ServedChannel {
  private seq = 0;

  send(name: 'contract' | 'wage', payload: Record<string, unknown>) {
    this.seq += 1;
    this.emit(name, { ...payload, seq: this.seq });
  }
}

for (const path of plan.paths) {
  test(`contract: ${path.title}`, async ({ page, browser, context }) => {
    session ??= newPlayerToken(browser, workerBaseURL());
    const token = await session;
    const side = path.setting as Side;
    await context.addInitScript((value) => {
      sessionStorage.setItem('token', value);
      localStorage.setItem('lang', 'en');
    }, token);

    // The player is an agent for this page.
    await page.route(apiPathPattern(identityPaths.memberInfo), async (route) => {
      const real = (await (await route.fetch()).json()) as { value: Record<string, unknown> };
      await route.fulfill(ok({ ...real.value, type: side === 'upline' ? 1 : 2 }));
    });
    await page.route(apiPathPattern(agentPaths.center), (route) => route.fulfill(ok(center(side))));
    await page.route(apiPathPattern(agentPaths.downline), (route) =>
      route.fulfill(
        ok({
          path: ['walk_upline'],
          list: [
            {
              username: downlineAgent,
              nickname: downlineAgent,
              type: 2,
              isAgent: true,
              level: 1,
              upline: 'walk_upline',
              teamSize: 0,
              balance: '0',
              createdAt: '2026-11-26T08:00:00.000Z',
              lastLoginAt: null,
            },
          ],
          totalCount: 1,
          pageNo: 1,
          pageSize: 15,
        }),
      ),
    );
    // The page's lists until its panel shows are the model's start (no contract); from then
    // on every process call is held.
    const held = new HeldCalls();
    let walking = false;
    await page.route(apiPathPattern(agentPaths.realtime), async (route) => {
      const body = route.request().postDataJSON() as { action: string };
      if (body.action === 'list' && !walking) {
        return route.fulfill(ok({ contract: null, contracts: [] }));
      }
      held.hold(body.action === 'list' ? 'loadContract' : 'submitContract', route);
    });
    const channel = new AgentChannel();
    await channel.route(page);

    await page.goto('/?ac=agentRealtimeSalary');
    // The first page of a worker loads the center's chunks and texts: a busy machine is slow.
    await expect(page.getByTestId('contract-panel')).toBeVisible({ timeout: 30_000 });
    await channel.ready;
    walking = true;

    const asSide = (contract: ContractView): ContractView => ({ ...contract, role: side });
    await walkPath(page, walk.model, path, held, {
      done: async (actorId, route, output) => {
        if (actorId === 'loadContract') {
          const found = output as ContractView | null;
          await route.fulfill(ok({ contract: null, contracts: found ? [asSide(found)] : [] }));
        } else {
          const reply = output as { contract: ContractView; contracts: ContractView[] };
          await route.fulfill(
            ok({ contract: asSide(reply.contract), contracts: reply.contracts.map(asSide) }),
          );
        }
      },
      error: async (_actorId, route, error) => {
        const status = (error as { status: number }).status;
        if (status === 0) await route.abort('failed');
        else await route.fulfill(serverFailure(error, status));
      },
      async act(event) {
        switch (event.type) {
          case 'user.editOffer': {
            const rate = (event.tiers as { rateBps: number }[])[0]!.rateBps;
            await page.getByTestId('contract-rate-input').fill((rate / 100).toFixed(2));
            break;
          }
          case 'user.submitOffer':
            await page.getByTestId('contract-send').click();
            break;
          case 'user.cancelOffer':
            await page.getByTestId('contract-back').click();
            break;
          case 'user.withdraw':
          case 'user.accept':
          case 'user.reject':
          case 'user.terminate':
          case 'user.newOffer': {
            const name = event.type
              .slice('user.'.length)
              .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
            await page.getByTestId(`contract-${name}`).click();
            break;
          }
          case 'socket.contractChanged':
            channel.send('contract', {
              contractId: event.contractId,
              status: event.status,
              counterparty: side === 'upline' ? downlineAgent : 'walk_upline',
              role: side,
              at: '2026-11-26T08:05:00.000Z',
            });
            break;
          default:
            expect(event.type).toBe('socket.wageSettled');
            channel.send('wage', {
              contractId: event.contractId,
              wageType: 'realtime',
              period: '2026-11-26T08:00:00.000Z',
              amount: '150',
              settledAt: '2026-11-26T08:05:00.000Z',
            });
        }
      },
    });
  });
}
