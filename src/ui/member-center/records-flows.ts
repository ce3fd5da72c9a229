import { use } from 'react';
import { createFlowsContext } from '../hooks/flows-context.ts';
import type { remoteDataMachine } from '../../machines/remote-data.machine.ts';
import type { transferMachine } from '../../machines/transfer.machine.ts';
import type { messageBoxMachine } from '../../machines/message-box.machine.ts';

/**
 * The member center's record, transfer and message flows, their effects supplied by the app
 * (src/app/records-actors.ts). A page starts its own actor with `useActorRef(flow, ...)`.
 */
export type RecordsFlows = {
  /** Account record: params { type, preset, pageNo } -> RecordPage. */
  transactionHistory: typeof remoteDataMachine;
  /** Betting record: params { preset, pageNo } -> RecordPage of the game entries (bets, wins). */
  bettingRecord: typeof remoteDataMachine;
  /** Bonus details: params { type, preset, pageNo } -> RecordPage. */
  bonusDetails: typeof remoteDataMachine;
  /** My wallet: ConsolidatedFunds (isSingle, main, vendor wallets). */
  funds: typeof remoteDataMachine;
  /** Main wallet to a vendor wallet or back. */
  walletTransfer: typeof transferMachine;
  /** Every vendor wallet back to main. */
  consolidate: typeof transferMachine;
  /** To the upline agent, with the payment password. */
  transferUpline: typeof transferMachine;
  /** Platform messages (messageV2). */
  messages: typeof messageBoxMachine;
  /** A fresh idempotency key for one money request. */
  newRequestKey: () => string;
};

/** The record, transfer and message flows come with their first page: one promise. */
export type RecordsFlowsLoader = () => Promise<RecordsFlows>;

export const [RecordsFlowsProvider, useRecordsFlowsLoader] =
  createFlowsContext<RecordsFlowsLoader>('Records');

/** The records flows; the page suspends (its Suspense shows loading) until they are made. */
export function useRecordsFlows(): RecordsFlows {
  return use(useRecordsFlowsLoader()());
}
