import type { Language } from '../../../contract/constants.ts';
import type { GameCategory } from '../../../contract/routes.ts';

/** Category names of the game menus, in each language. */
export const categoryNames: Record<GameCategory, Record<Language, string>> = {
  LIVE: { hi: 'लाइव कैसीनो', en: 'Live Casino', bn: 'লাইভ ক্যাসিনো' },
  SPORTS: { hi: 'खेल', en: 'Sports', bn: 'খেলাধুলা' },
  ESPORTS: { hi: 'ई-स्पोर्ट्स', en: 'E-Sports', bn: 'ই-স্পোর্টস' },
  COCKFIGHT: { hi: 'मुर्गा लड़ाई', en: 'Cockfight', bn: 'মোরগ লড়াই' },
  ELOTT: { hi: 'ई-लॉटरी', en: 'E-Lottery', bn: 'ই-লটারি' },
  LOTT: { hi: 'लॉटरी', en: 'Lottery', bn: 'লটারি' },
  FISH: { hi: 'मछली शिकार', en: 'Fishing', bn: 'মাছ শিকার' },
  RNG: { hi: 'स्लॉट', en: 'Slots', bn: 'স্লট' },
  PVP: { hi: 'कार्ड गेम', en: 'Card Games', bn: 'কার্ড গেম' },
};
