import { createHmac } from 'node:crypto';
import {
  type AuthenticateReply,
  type BetBody,
  type EndRoundBody,
  type FreeRoundBody,
  type FreeRoundReply,
  type FreeRoundsReply,
  type RollbackBody,
  type TransactionReply,
  type WinBody,
  seamlessHeaders,
  seamlessPaths,
} from '../../../contract/seamless.ts';

/** A refusal of the wallet: its code and the balance it carried. */
export class SeamlessRefusal extends Error {
  readonly code: string;
  readonly balance: string | null;
  constructor(code: string, balance: string | null) {
    super(code);
    this.code = code;
    this.balance = balance;
  }
}

/** The wallet could not be reached or answered outside the contract (the call may have landed). */
export class SeamlessUnavailable extends Error {}

export type SeamlessWallet = {
  authenticate(launchToken: string): Promise<AuthenticateReply>;
  balance(player: { sessionToken: string; playerId: string }): Promise<{ balance: string }>;
  bet(body: BetBody): Promise<TransactionReply>;
  win(body: WinBody): Promise<TransactionReply>;
  rollback(body: RollbackBody): Promise<TransactionReply>;
  endRound(body: EndRoundBody): Promise<TransactionReply>;
  freeRounds(player: { sessionToken: string; playerId: string }): Promise<FreeRoundsReply>;
  freeRound(body: FreeRoundBody): Promise<FreeRoundReply>;
};

/** Sends one signed call; answers the status and the parsed JSON (undefined when not JSON). */
export type SeamlessTransport = (
  path: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<{ status: number; json: unknown }>;

/** HTTP to a base URL (the wallet's address). */
export function httpTransport(baseUrl: () => string): SeamlessTransport {
  return async (path, init) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };
}

export type SeamlessClientOptions = {
  /** How a call reaches the wallet (resolved at each call: the server's address is known late). */
  transport: () => SeamlessTransport;
  provider: string;
  /** The provider's secret (read when a call is made: the wallet may have stored it). */
  secret: () => Promise<string>;
  timeoutMs?: number;
  now?: () => number;
};

type Reply = { success?: boolean; code?: string; value?: Record<string, unknown> };

/**
 * The signed seamless wallet API over HTTP, as any outside provider calls it:
 * `X-Seamless-Signature: hex(HMAC-SHA256(secret, timestamp + "." + rawBody))`.
 */
export function createSeamlessClient(options: SeamlessClientOptions): SeamlessWallet {
  const now = options.now ?? Date.now;
  async function call<T>(path: string, body: object): Promise<T> {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(now() / 1000));
    const signature = createHmac('sha256', await options.secret())
      .update(`${timestamp}.${raw}`)
      .digest('hex');
    let response: { status: number; json: unknown };
    try {
      response = await options.transport()(path, {
        headers: {
          'content-type': 'application/json',
          [seamlessHeaders.provider]: options.provider,
          [seamlessHeaders.timestamp]: timestamp,
          [seamlessHeaders.signature]: signature,
        },
        body: raw,
        timeoutMs: options.timeoutMs ?? 10_000,
      });
    } catch (error) {
      throw new SeamlessUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500 || typeof response.json !== 'object' || response.json === null) {
      throw new SeamlessUnavailable(`status ${response.status}`);
    }
    const reply = response.json as Reply;
    if (reply.success === true && reply.value) return reply.value as T;
    const balance = reply.value?.balance;
    throw new SeamlessRefusal(
      reply.code ?? `status_${response.status}`,
      typeof balance === 'string' ? balance : null,
    );
  }
  return {
    authenticate: (launchToken) => call(seamlessPaths.authenticate, { launchToken }),
    balance: (player) => call(seamlessPaths.balance, player),
    bet: (body) => call(seamlessPaths.bet, body),
    win: (body) => call(seamlessPaths.win, body),
    rollback: (body) => call(seamlessPaths.rollback, body),
    endRound: (body) => call(seamlessPaths.endRound, body),
    freeRounds: (player) => call(seamlessPaths.freeRounds, player),
    freeRound: (body) => call(seamlessPaths.freeRound, body),
  };
}
