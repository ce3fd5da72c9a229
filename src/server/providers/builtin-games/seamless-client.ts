import { createHmac } from 'node:crypto';
import {
  type AuthenticateReply,
  type BetBody,
  type EndRoundBody,
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
};

export type SeamlessClientOptions = {
  /** The wallet's base URL (resolved at each call: the server's own address is known late). */
  baseUrl: () => string;
  provider: string;
  secret: string;
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
    const signature = createHmac('sha256', options.secret)
      .update(`${timestamp}.${raw}`)
      .digest('hex');
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [seamlessHeaders.provider]: options.provider,
          [seamlessHeaders.timestamp]: timestamp,
          [seamlessHeaders.signature]: signature,
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SeamlessUnavailable(error instanceof Error ? error.message : String(error));
    }
    let reply: Reply;
    try {
      reply = (await response.json()) as Reply;
    } catch {
      throw new SeamlessUnavailable(`status ${response.status}, no JSON`);
    }
    if (response.status >= 500) throw new SeamlessUnavailable(`status ${response.status}`);
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
  };
}
