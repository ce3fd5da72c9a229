import * as z from 'zod/mini';
import {
  type BuiltinPlayBody,
  builtinGamesPaths,
  builtinPlayReplySchema,
  builtinSeedsSchema,
  builtinSessionReplySchema,
  builtinStateSchema,
} from '../contract/builtin-games.ts';
import type { Language } from '../contract/constants.ts';

/** A refusal of the provider: its stable code (insufficient_balance, session_expired...). */
export class BuiltinApiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

type Texts = Record<string, unknown>;
const textLoaders = import.meta.glob<Texts>('./i18n/locales/*/builtin-games.json', {
  import: 'default',
});

/** The built-in games' texts in a language (their own namespace, loaded with the page). */
export async function loadBuiltinTexts(language: Language): Promise<Texts> {
  const load = textLoaders[`./i18n/locales/${language}/builtin-games.json`];
  return load ? load() : {};
}

/**
 * The built-in provider's API as its game pages call it (the provider session in
 * `Authorization`, the page's language in `Accept-Language`).
 */
export function createBuiltinGamesApi(options: { language: () => Language }) {
  async function send<T>(
    schema: z.ZodMiniType<T>,
    path: string,
    init: { method: 'GET' | 'POST'; token?: string; body?: unknown },
  ): Promise<T> {
    const headers: Record<string, string> = { 'accept-language': options.language() };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch {
      throw new BuiltinApiError('network', 'network');
    }
    const envelope = (await response.json().catch(() => ({}))) as {
      success?: boolean;
      value?: unknown;
      code?: string;
      message?: string;
    };
    if (!envelope.success) {
      throw new BuiltinApiError(envelope.code ?? 'system_error', envelope.message ?? '');
    }
    return z.parse(schema, envelope.value);
  }
  return {
    openSession: (launchToken: string) =>
      send(builtinSessionReplySchema, builtinGamesPaths.session, {
        method: 'POST',
        body: { launchToken },
      }),
    state: (token: string) =>
      send(builtinStateSchema, builtinGamesPaths.state, { method: 'GET', token }),
    play: (token: string, body: BuiltinPlayBody) =>
      send(builtinPlayReplySchema, builtinGamesPaths.play, { method: 'POST', token, body }),
    /** With the next server seed hash the player saw: refused if another rotation came first. */
    rotateSeeds: (token: string, clientSeed?: string, nextServerSeedHash?: string) =>
      send(builtinSeedsSchema, builtinGamesPaths.rotateSeeds, {
        method: 'POST',
        token,
        body: {
          ...(clientSeed ? { clientSeed } : {}),
          ...(nextServerSeedHash ? { nextServerSeedHash } : {}),
        },
      }),
  };
}
export type BuiltinGamesApi = ReturnType<typeof createBuiltinGamesApi>;
