// No imports: the real-time channel's schemas (in the start-up bundle) read these.

/**
 * A draw's life on the server: made ahead (scheduled), taking bets (open), closed (locked), its
 * result stored (drawn), its bets paid (settled); or called off with every bet refunded
 * (cancelled).
 */
export const drawStates = ['scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled'] as const;
export type DrawState = (typeof drawStates)[number];

export const betStates = ['open', 'won', 'lost', 'refunded'] as const;
export type BetState = (typeof betStates)[number];
