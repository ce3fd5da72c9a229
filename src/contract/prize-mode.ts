/** The prize modes of the brand configuration (spec section 3), spelled as the spec lists them. */
export const prizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];

/** What the rule reads of the game vendor call: each category's title and its cards. */
type Lanes = { lanes: readonly { title: string; cards: readonly { vassalage: string }[] }[] };

/**
 * The spec's prize mode (section 4): Elott when the ELOTT category has a TCG_LOTTO_VN or LOTT
 * card, else Lott. The recent-lottery and popular calls send it.
 *
 * @example prizeModeOf({ lanes: [{ title: 'ELOTT', cards: [{ vassalage: 'TCG_LOTTO_VN' }] }] })
 * // 'Elott'
 */
export function prizeModeOf(vendors: Lanes | null | undefined): PrizeMode {
  const elott = vendors?.lanes.find((lane) => lane.title === 'ELOTT');
  const hasLotto = elott?.cards.some(
    (card) => card.vassalage === 'TCG_LOTTO_VN' || card.vassalage === 'LOTT',
  );
  return hasLotto ? 'Elott' : 'Lott';
}
