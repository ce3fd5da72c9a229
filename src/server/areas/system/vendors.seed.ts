import type { GameCategory } from '../../../contract/routes.ts';

type VendorRow = [vassalage: string, displayName: string, isHot: 0 | 1];

/** Lanes in display order (cockfight two places after sports), with classify filters. */
export const vendorLaneSeed: {
  gameType: GameCategory;
  gameClassify: string[];
  vendors: VendorRow[];
}[] = [
  {
    gameType: 'LIVE',
    gameClassify: ['baccarat', 'roulette', 'andarBahar', 'teenPatti'],
    vendors: [
      ['AURALIVE', 'Aura Live', 1],
      ['LOTUSLIVE', 'Lotus Live', 0],
      ['MERIDIANLIVE', 'Meridian Live', 0],
      ['TIGERLIVE', 'Tiger Live', 1],
    ],
  },
  {
    gameType: 'SPORTS',
    gameClassify: ['cricket', 'football', 'kabaddi'],
    vendors: [
      ['PRIMESPORT', 'Prime Sport', 1],
      ['FB', 'FB Sports', 1],
      ['CRICKETX', 'Cricket X', 0],
    ],
  },
  {
    gameType: 'ESPORTS',
    gameClassify: ['moba', 'shooter'],
    vendors: [
      ['NEXUSGG', 'Nexus GG', 1],
      ['ARENAX', 'Arena X', 0],
    ],
  },
  {
    gameType: 'COCKFIGHT',
    gameClassify: ['sabong'],
    vendors: [['SABONGLIVE', 'Sabong Live', 1]],
  },
  {
    gameType: 'RNG',
    gameClassify: ['slots', 'jackpot', 'classic'],
    vendors: [
      ['STARSLOTS', 'Star Slots', 1],
      ['JADESPIN', 'Jade Spin', 1],
      ['PHOENIXREELS', 'Phoenix Reels', 0],
      ['MONSOONPLAY', 'Monsoon Play', 0],
      ['COBRAGAMES', 'Cobra Games', 0],
      ['NEONFRUIT', 'Neon Fruit', 0],
      ['RAJAREELS', 'Raja Reels', 1],
      ['DIWALIWIN', 'Diwali Win', 0],
      ['GOLDENPEACOCK', 'Golden Peacock', 0],
      ['LUCKYLOTUS', 'Lucky Lotus', 0],
      ['TIGERTEMPLE', 'Tiger Temple', 0],
      ['MANGOMANIA', 'Mango Mania', 0],
    ],
  },
  {
    gameType: 'PVP',
    gameClassify: ['teenPatti', 'andarBahar', 'rummy'],
    vendors: [
      ['TEENPATTIPRO', 'Teen Patti Pro', 1],
      ['ANDARBAHAR', 'Andar Bahar Club', 1],
      ['RUMMYCLUB', 'Rummy Club', 0],
    ],
  },
  {
    gameType: 'FISH',
    gameClassify: ['fishing', 'arcade'],
    vendors: [
      ['OCEANKING', 'Ocean King', 1],
      ['DEEPSEA', 'Deep Sea', 0],
    ],
  },
  {
    gameType: 'ELOTT',
    gameClassify: ['fast', 'vn'],
    vendors: [
      ['ELOTT', 'E-Lottery', 1],
      ['TCG_LOTTO_VN', 'VN Lotto', 0],
    ],
  },
  {
    gameType: 'LOTT',
    gameClassify: ['daily', 'sea'],
    vendors: [
      ['LOTT', 'Lottery', 1],
      ['TCG_SEA', 'SEA Lottery', 0],
    ],
  },
];
