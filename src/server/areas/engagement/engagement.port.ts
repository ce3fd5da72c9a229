/**
 * What other areas may use of the engagement area (issue 16). The withdrawal area asks how much
 * of a balance is still held by an unmet bonus wagering requirement (promotions part).
 */
export { memberVip } from './engagement.schema.ts';
export type { ClaimableItem, ClaimableKind } from './claimables.ts';
export { wageringHold } from './promotions.repository.ts';
