/** What other areas may use of the wallet area: ledger postings (decorated as `app.wallet`). */
import type { LedgerService, ManyItem, PostManyOutcome } from './ledger.service.ts';
import type { RecordRemarks, RemarkSource } from './record-remarks.ts';

export type WalletPort = {
  ledger: Pick<
    LedgerService,
    | 'post'
    | 'posted'
    | 'played'
    | 'onPlayed'
    | 'currency'
    | 'balance'
    | 'postMany'
    | 'postManySql'
    | 'postManyError'
    | 'transfer'
  >;
  /** Where a higher area names the references of the bonus entries it posts. */
  remarks: RecordRemarks;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet area's port (registered by `walletArea`). */
    wallet: WalletPort;
  }
}

export type { LedgerService, ManyItem, PostManyOutcome, RecordRemarks, RemarkSource };
/** Withdrawals reference the ledger posting that paid them out. */
export { ledgerPostings } from './ledger.schema.ts';
