import type { TransactionRecord } from '../../../contract/records.ts';

/**
 * What a record row says, in the player's words: the i18n key (records namespace) of the kind
 * of movement, and the name shown beside it. Built from the server's structured fields (kind,
 * counterparty, wallet), never from a posting's reference.
 *
 * @example
 * recordWording({ kind: 'transfer_out', counterparty: { type: 'upline', name: 'Ravi' }, ... })
 * // { movementKey: 'movements.transfer_out.upline', detail: 'Ravi' }
 */
export function recordWording(
  row: Pick<TransactionRecord, 'kind' | 'amount' | 'counterparty' | 'remark'>,
): { movementKey: string; detail: string } {
  const { kind, counterparty } = row;
  if ((kind === 'transfer_in' || kind === 'transfer_out') && counterparty) {
    return {
      movementKey: `movements.${kind}.${counterparty.type}`,
      detail: counterparty.name ?? '',
    };
  }
  if (kind === 'adjustment') {
    const credit = !row.amount.startsWith('-');
    return { movementKey: `movements.adjustment.${credit ? 'credit' : 'debit'}`, detail: '' };
  }
  return { movementKey: `kinds.${kind}`, detail: row.remark ?? '' };
}
