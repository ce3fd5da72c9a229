/**
 * The built-in games for the e2e specs: a launch through the site's launch call, as the lobby
 * makes it for the page's player.
 */
import { expect, type Page } from '@playwright/test';
import { launchPaths, type LaunchReply } from '../../../src/contract/seamless.ts';
import { tokenOf } from './member.ts';

/** The URL that opens built-in game `gameCode` for the page's player, in `language`. */
export async function builtinLaunchUrl(
  page: Page,
  baseURL: string,
  gameCode: string,
  language: string,
): Promise<string> {
  const reply = await fetch(
    new URL(
      `${launchPaths.launchGame}?gameCode=${gameCode}&vassalage=BUILTIN&language=${language}`,
      baseURL,
    ),
    { headers: { authorization: `Bearer ${await tokenOf(page)}` } },
  );
  const body = (await reply.json()) as { success: boolean; value?: LaunchReply };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value!.url;
}
