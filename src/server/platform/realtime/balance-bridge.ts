import { toWireMinor, type BalancePublisher } from '../../../contract/wallet.ts';
import type { Publisher } from './publisher.ts';

/**
 * The ledger's BalancePublisher on the real-time channel: each committed balance change goes to
 * the member's sockets as a `balance` event (numbered by the gateway).
 *
 * @example
 * createLedgerService({ db, publish: balancePublisherFor(realtime.publisher) })
 */
export function balancePublisherFor(publisher: Publisher): BalancePublisher {
  return (event) => {
    void publisher.publish(event.memberId, {
      name: 'balance',
      payload: { balance: toWireMinor(event.balance) },
    });
  };
}
