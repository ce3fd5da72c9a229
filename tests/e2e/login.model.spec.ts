/**
 * The login modal walked in the browser path by path from its test model
 * (models/login.model.ts), as planned in tests/support/model-walks.ts: a new player logs in
 * through the header's modal; the calls go to the real server, held until the path says how
 * they end (a reply the real server gives only in other circumstances is its real reply
 * changed by the route, as the plan's notes say), and after every step the page must show what
 * the model's state says.
 */
import type { Page } from '@playwright/test';
import { test, expect, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import { humanVerificationPaths } from '../../src/contract/human-verification.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { registerPlayer, type Player } from './support/identity.ts';
import { HeldCalls, apiPathPattern, serverFailure, walkPath } from './support/model-walk.ts';

const walk = browserWalks.login!;
const { model } = walk;
const plan = await walkPlan(walk);

test.use({
  siteSettings: {
    ...apiRegistration,
    modules: {
      ...apiRegistration.modules,
      [moduleIds.smsLogin]: true,
      [moduleIds.freePlay]: true,
    },
  },
});
test.describe.configure({ timeout: 90_000 });

const actorPaths: Record<string, string> = {
  verifyHuman: humanVerificationPaths.challenge,
  submitLogin: identityPaths.login,
  verifySecondFactor: identityPaths.loginVerify,
  sendSecondFactorCode: identityPaths.loginVerifySend,
  submitFreePlay: identityPaths.freePlay,
  loadLoginInfo: identityPaths.memberInfo,
};

type Envelope<T> = { success: boolean; value: T; message?: string };

async function submitLogin(page: Page, player: Player, form: { username: string }) {
  await page.getByTestId('login-username').fill(form.username === '' ? '' : player.username);
  await page.getByTestId('login-password').fill(player.password);
  const captcha = page.getByTestId('login-captcha-input');
  if (await captcha.isVisible()) await captcha.fill('abcd');
  await page.getByTestId('login-submit').click();
}

for (const path of plan.paths) {
  test(`login: ${path.title}`, async ({ page }) => {
    const player = await registerPlayer(workerBaseURL());
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    const held = new HeldCalls();
    for (const [actorId, apiPath] of Object.entries(actorPaths)) {
      await held.route(page, actorId, apiPathPattern(apiPath));
    }
    await page.goto('/');
    await page.getByTestId('header-login-button').click();

    /** The real login reply a "second factor asked" reply stood in for. */
    let realLogin: Envelope<LoginResult> | null = null;
    const secondFactor = page.getByTestId('login-second-factor');

    await walkPath(page, model, path, held, {
      async done(actorId, route, output) {
        if (actorId === 'submitLogin') {
          const wanted = output as LoginResult;
          const real = await route.fetch();
          const reply = (await real.json()) as Envelope<LoginResult>;
          expect(reply.success, reply.message).toBe(true);
          const value = wanted.challenge
            ? { ...reply.value, token: null, challenge: wanted.challenge }
            : {
                ...reply.value,
                firstTimeLogin: wanted.firstTimeLogin,
                passwordExpired: wanted.passwordExpired,
              };
          if (wanted.challenge) realLogin = reply;
          await route.fulfill({ response: real, json: { ...reply, value } });
        } else if (actorId === 'verifySecondFactor') {
          expect(realLogin, 'a second factor was asked first').not.toBeNull();
          await route.fulfill({ json: realLogin });
        } else if (actorId === 'sendSecondFactorCode') {
          await route.fulfill({ json: { success: true, value: output } });
        } else {
          await route.continue();
        }
      },
      async error(actorId, route, error) {
        if (['verifyHuman', 'loadLoginInfo'].includes(actorId)) await route.abort('failed');
        else await route.fulfill(serverFailure(error));
      },
      async act(event, { previous }) {
        switch (event.type) {
          case 'user.submit':
            await submitLogin(page, player, event.form as { username: string });
            break;
          case 'user.selectTab':
            await page.getByTestId(`login-tab-${String(event.tab)}`).click();
            break;
          case 'user.freePlay':
            await page.getByTestId('login-free-play').click();
            break;
          case 'user.selectFactor': {
            const factors = (previous.context as { challenge?: { factors: string[] } | null })
              .challenge?.factors ?? ['sms', 'email', 'totp'];
            await secondFactor
              .getByRole('tab')
              .nth(factors.indexOf(String(event.factor)))
              .click();
            break;
          }
          case 'user.sendCode':
            await page.getByTestId('login-second-factor-send').click();
            break;
          case 'user.submitCode':
            await page.getByTestId('login-second-factor-code').fill(String(event.code));
            await secondFactor.locator('button[type="submit"]').click();
            break;
          case 'user.cancel':
            await secondFactor.getByRole('button', { name: 'Cancel' }).click();
            break;
          case 'user.dismiss':
            await page.getByTestId('after-login-close').click();
            break;
          default:
            throw new Error(`no browser action for ${event.type}`);
        }
      },
    });
  });
}
