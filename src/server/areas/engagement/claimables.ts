import type { Db } from '../../platform/db/client.ts';

/**
 * What a player can claim now (issue 16): each part of the area (promotions, missions, rebate,
 * raffle) is one source. The reward center lists them together; the red badges count them.
 */
export type ClaimableKind = 'promotion' | 'mission' | 'rebate' | 'raffle';

export type ClaimableItem = {
  kind: ClaimableKind;
  /** The source's own id of the thing to claim (promotion id, mission id, game type...). */
  ref: string;
  /** Minor units, when known before claiming. */
  amount: bigint | null;
  title: string;
};

export type ClaimableSource = {
  kind: ClaimableKind;
  /** How many the member can claim now: one statement. */
  count(db: Db, memberId: number): Promise<number>;
  list(db: Db, memberId: number, language: string): Promise<ClaimableItem[]>;
};
