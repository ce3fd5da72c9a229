import {
  consolidateReplySchema,
  consolidatedFundsSchema,
  recordPageSchema,
  recordsPaths,
  transferReplySchema,
  transferUplineReplySchema,
} from '../contract/records.ts';
import {
  messagePageSchema,
  messagePaths,
  readReplySchema,
  unreadCountSchema,
  unreadReplySchema,
} from '../contract/messages.ts';
import type { HttpClient } from './http-client.ts';

/** Filters and page as the record pages keep them: type, preset or dates, pageNo. */
export type RecordParams = Record<string, string>;

const withId = (path: string, messageId: number) => path.replace(':messageId', String(messageId));

/**
 * The member center's records, transfers and platform messages (src/contract/records.ts and
 * messages.ts). Money requests carry the caller's idempotency key.
 *
 * @example
 * const records = createRecordsClient(http);
 * const page = await records.transactions({ type: 'all', preset: 'last7', pageNo: 1 });
 */
export function createRecordsClient(http: HttpClient) {
  return {
    transactions: (params: RecordParams, signal?: AbortSignal) =>
      http.get(recordsPaths.transactions, recordPageSchema, { query: params, signal }),
    bonuses: (params: RecordParams, signal?: AbortSignal) =>
      http.get(recordsPaths.bonuses, recordPageSchema, { query: params, signal }),
    funds: (signal?: AbortSignal) =>
      http.get(recordsPaths.consolidatedFunds, consolidatedFundsSchema, { signal }),
    consolidate: (idempotencyKey: string) =>
      http.post(recordsPaths.consolidatedFunds, consolidateReplySchema, {
        body: { idempotencyKey },
      }),
    walletTransfer: (body: { from: string; to: string; amount: string; idempotencyKey: string }) =>
      http.post(recordsPaths.walletTransfer, transferReplySchema, { body }),
    transferUpline: (body: { amount: string; paymentPassword: string; idempotencyKey: string }) =>
      http.post(recordsPaths.transferUpline, transferUplineReplySchema, { body }),
    messages: (pageNo: number, signal?: AbortSignal) =>
      http.get(messagePaths.list, messagePageSchema, { query: { pageNo }, signal }),
    readMessage: (messageId: number) =>
      http.post(withId(messagePaths.read, messageId), readReplySchema),
    deleteMessage: (messageId: number) =>
      http.delete(withId(messagePaths.remove, messageId), unreadReplySchema),
    readAllMessages: () => http.post(messagePaths.readAll, unreadReplySchema),
    unreadCount: async (signal?: AbortSignal) =>
      (await http.get(messagePaths.unreadCount, unreadCountSchema, { signal })).count,
  };
}

export type RecordsClient = ReturnType<typeof createRecordsClient>;
