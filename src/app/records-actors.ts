import { fromPromise } from 'xstate';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import { transferMachine } from '../machines/transfer.machine.ts';
import { messageBoxMachine } from '../machines/message-box.machine.ts';
import { mainWalletKind } from '../contract/wallet-kind.ts';
import type { RecordsClient } from '../services/records.service.ts';
import type { RecordsFlows } from '../ui/member-center/records-flows.ts';

type Loader = (params: Record<string, string>, signal: AbortSignal) => Promise<unknown>;

const remote = (load: Loader) =>
  remoteDataMachine.provide({
    actors: { load: fromPromise(({ input, signal }) => load(input.params, signal)) },
  });

/** The member center's record, transfer and message flows wired to the records client. */
export function createRecordsFlows(records: RecordsClient): RecordsFlows {
  return {
    transactionHistory: remote((params, signal) => records.transactions(params, signal)),
    bettingRecord: remote((params, signal) =>
      records.transactions({ ...params, type: 'game' }, signal),
    ),
    bonusDetails: remote((params, signal) => records.bonuses(params, signal)),
    funds: remote((_, signal) => records.funds(signal)),
    walletTransfer: transferMachine.provide({
      actors: {
        submitTransfer: fromPromise(({ input }) =>
          records.walletTransfer({
            from: input.from ?? mainWalletKind,
            to: input.to ?? mainWalletKind,
            amount: input.amount,
            idempotencyKey: input.idempotencyKey,
          }),
        ),
      },
      guards: { needsPassword: () => false },
    }),
    consolidate: transferMachine.provide({
      actors: {
        submitTransfer: fromPromise(({ input }) => records.consolidate(input.idempotencyKey)),
      },
      guards: { needsPassword: () => false },
    }),
    transferUpline: transferMachine.provide({
      actors: {
        submitTransfer: fromPromise(({ input }) =>
          records.transferUpline({
            amount: input.amount,
            paymentPassword: input.paymentPassword ?? '',
            idempotencyKey: input.idempotencyKey,
          }),
        ),
      },
      guards: { needsPassword: () => true },
    }),
    messages: messageBoxMachine.provide({
      actors: {
        loadMessages: fromPromise(({ input, signal }) => records.messages(input.pageNo, signal)),
        submitRead: fromPromise(({ input }) => records.readMessage(input.messageId)),
        submitDelete: fromPromise(({ input }) => records.deleteMessage(input.messageId)),
        submitReadAll: fromPromise(() => records.readAllMessages()),
      },
    }),
    newRequestKey: () => crypto.randomUUID().replaceAll('-', ''),
  };
}
