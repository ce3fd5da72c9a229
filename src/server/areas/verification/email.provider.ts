export type EmailMessage = { to: string; subject: string; text: string; html: string };

/** Sends an e-mail; failures are ProviderErrors (see sms.provider.ts). */
export type EmailProvider = {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
};
