/** Sends a text message to a phone number in international form (+<dialing code><number>). */
export type SmsProvider = {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
};

/** Why a provider refused: its quota is spent, or anything else (network, 5xx, bad reply). */
export type ProviderFailure = 'quota_exceeded' | 'unavailable';

/** An outside system failed; the message says what happened without any secret in it. */
export class ProviderError extends Error {
  readonly failure: ProviderFailure;

  constructor(failure: ProviderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
    this.failure = failure;
  }
}
