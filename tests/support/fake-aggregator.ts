import { readFile } from 'node:fs/promises';
import { signHub88 } from '../../src/server/areas/games/seamless/seamless.service.ts';
import { hub88PathFor, seamlessHeaders, type Hub88Reply } from '../../src/contract/seamless.ts';

/** One recorded call of an aggregator session, with what the wallet answered. */
export type RecordedCall = {
  path: string;
  body: Record<string, unknown>;
  expect: { status: string; balance: number };
};
export type RecordedSession = { description: string; calls: RecordedCall[] };

export const loadSession = async (file: string): Promise<RecordedSession> =>
  JSON.parse(
    await readFile(new URL(`./fixtures/${file}`, import.meta.url), 'utf8'),
  ) as RecordedSession;

/** `{name}` placeholders of a recorded body filled with this run's values. */
function fill(body: Record<string, unknown>, vars: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole)
        : value,
    ]),
  );
}

/**
 * A local fake aggregator of the Hub88 shape: it replays a recorded session over real HTTP
 * against the server, signing each body as the aggregator does, and returns each reply next to
 * what the recording expects.
 */
export async function replaySession(
  baseUrl: string,
  provider: { code: string; secret: string },
  session: RecordedSession,
  vars: Record<string, string>,
) {
  const results: { call: RecordedCall; http: number; reply: Hub88Reply }[] = [];
  for (const recorded of session.calls) {
    const raw = JSON.stringify(fill(recorded.body, vars));
    const path = hub88PathFor(`/wps/seamless/hub88/:provider/${recorded.path}`, provider.code);
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [seamlessHeaders.hub88Signature]: signHub88(provider.secret, raw),
      },
      body: raw,
    });
    results.push({
      call: recorded,
      http: response.status,
      reply: (await response.json()) as Hub88Reply,
    });
  }
  return results;
}
