/**
 * Logged-in player helpers for the end-to-end specs: the login popup, the member's id and the
 * operator's calls (HTTP Basic with the e2e operator).
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { identityPaths } from '../../../src/contract/identity.ts';
import { registerPlayer, registerSignedIn, type Player } from './identity.ts';
import { opsCredentials } from './server.ts';

export const opsAuthorization = `Basic ${Buffer.from(
  `${opsCredentials.username}:${opsCredentials.password}`,
).toString('base64')}`;

/** Logs the player in through the header's login popup and closes the after-login modal. */
export async function logInThroughPopup(page: Page, player: Player): Promise<void> {
  await page.getByTestId('header-login-button').click();
  await page.getByTestId('login-username').fill(player.username);
  await page.getByTestId('login-password').fill(player.password);
  await page.getByTestId('login-submit').click();
  // The argon2id verify and the first member reads queue behind other workers on a busy machine.
  await expect(page.getByTestId('after-login-modal')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText(player.username);
}

/** The page's session token (the app keeps it in sessionStorage). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (!token) throw new Error('the page has no session token');
  return token;
}

/** The logged-in member's id, read with the page's own token. */
export async function memberIdOf(page: Page, baseURL: string): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const reply = await fetch(new URL(identityPaths.memberInfo, baseURL), {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await reply.json()) as { value: { id: number } }).value.id;
}

/** An operator POST; the test fails on a reply that is not 2xx. */
export async function opsPost(baseURL: string, path: string, body: unknown): Promise<void> {
  const reply = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { authorization: opsAuthorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status, await reply.clone().text()).toBeLessThan(300);
}

/**
 * A new player's session token, from a login through the popup in a browser context of its
 * own: what a walk gives every page it opens when the login is not what it walks.
 */
export async function newPlayerToken(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await logInThroughPopup(page, await registerPlayer(baseURL));
    return await tokenOf(page);
  } finally {
    await context.close();
  }
}

/**
 * A new player, signed in by its registration (no login popup, which the login specs walk): the
 * page's next documents start with the session in `sessionStorage`, as after a login. With a
 * `path` the page opens it; without, the test sets the player up first and then opens its page,
 * one page load where the popup costs two (the home page, then the page the test is about).
 */
export async function openSignedIn(
  page: Page,
  baseURL: string,
  path: string | null = '/',
): Promise<{ player: Player; token: string; memberId: number }> {
  const { token, ...player } = await registerSignedIn(baseURL);
  // Only the first document: a test that logs out stays logged out after a reload.
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    sessionStorage.setItem('token', value);
  }, token);
  const reply = await fetch(new URL(identityPaths.memberInfo, baseURL), {
    headers: { authorization: `Bearer ${token}` },
  });
  const memberId = ((await reply.json()) as { value: { id: number } }).value.id;
  if (path !== null) await openAs(page, player, path);
  return { player, token, memberId };
}

/** Opens `path` and waits until the header names the signed-in player. */
export async function openAs(page: Page, player: Player, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('header-account')).toContainText(player.username);
}
