/**
 * The built-in game page walked in the browser path by path from its test model
 * (models/builtin-round.model.ts), as planned in tests/support/model-walks.ts: the page of the
 * game the path plays opens with a launch token, every provider call is held and answered as
 * the path says, animation time passes on the page's fake clock, and after every step the page
 * must show what the model's state says.
 */
import { test, expect } from './support/fixtures.ts';
import { browserWalks, builtinRoundGame, walkPlan } from '../support/model-walks.ts';
import { builtinGamesPaths } from '../../src/contract/builtin-games.ts';
import { formatMoney } from '../../src/contract/money.ts';
import { HeldCalls, apiPathPattern, serverFailure, walkPath } from './support/model-walk.ts';

const walk = browserWalks['builtin-round']!;
const plan = await walkPlan(walk);

test.describe.configure({ timeout: 60_000 });
test.use({ reducedMotion: 'no-preference' });

const statusOf: Record<string, number> = {
  insufficient_balance: 409,
  session_expired: 401,
};

for (const path of plan.paths) {
  test(`built-in round: ${path.title}`, async ({ page }) => {
    const played = path.steps.find((s) => s.event.type === 'xstate.done.actor.submitBet');
    const game = played ? builtinRoundGame(played) : 'dice';
    const held = new HeldCalls();
    await held.route(page, 'loadSession', apiPathPattern(builtinGamesPaths.session));
    await held.route(page, 'loadSession', apiPathPattern(builtinGamesPaths.state));
    await held.route(page, 'submitBet', apiPathPattern(builtinGamesPaths.play));
    await held.route(page, 'saveSeeds', apiPathPattern(builtinGamesPaths.rotateSeeds));
    // Time moves only when the path says (the animations are shorter than a step's check).
    await page.clock.install({ time: new Date('2026-11-26T04:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-26T04:00:01Z'));
    await page.goto(`/builtin/${game}?token=launch-token-0123456789&lang=en`);

    await walkPath(page, walk.model, path, held, {
      done: (actorId, route, output) =>
        route.fulfill({
          json: {
            success: true,
            value:
              actorId === 'loadSession'
                ? {
                    ...(output as { state: object }).state,
                    game,
                    sessionToken: (output as { token: string }).token,
                  }
                : output,
          },
        }),
      async error(_actorId, route, error) {
        const { code } = error as { code: string };
        if (code === 'network') await route.abort('failed');
        else await route.fulfill(serverFailure(error, statusOf[code] ?? 400));
      },
      async act(event) {
        switch (event.type) {
          case 'user.selectStake': {
            const name = formatMoney(BigInt(event.stake as string), {
              currencyCode: 'INR',
              locale: 'en-IN',
            });
            await page
              .getByRole('group', { name: 'Stake' })
              .getByText(name, { exact: true })
              .click();
            break;
          }
          case 'user.editClientSeed':
            await page.getByTestId('builtin-next-client-seed').fill(event.clientSeed as string);
            break;
          case 'user.play':
            await page.getByTestId('builtin-play').click();
            break;
          case 'user.rotateSeeds':
            await page.getByTestId('builtin-rotate').click();
            break;
          default:
            expect(event.type).toBe('user.retry');
            await page.getByTestId('builtin-retry').click();
        }
      },
    });
    // The axe watcher in the page waits on timers too: time flows again for its last look.
    await page.clock.resume();
  });
}
