import type { bannerGroups } from '../../../contract/routes.ts';
import type { linkageTypes } from '../../../contract/system.ts';
import type { banners } from './banners.schema.ts';

type LinkageType = (typeof linkageTypes)[number];

type BannerGroup = (typeof bannerGroups)[number];
/**
 * The seeded promotions a PROMOTION banner may name, by key, with the English title of their
 * announcement (announcements.seed.ts); the seed stores the announcement's id as the linkage.
 */
export const seededPromotionTitles = {
  'welcome-bonus': '100% bonus on your first deposit',
  'weekly-rebate': 'Weekly rebate every Monday',
} as const;
export type PromotionKey = keyof typeof seededPromotionTitles;

/** A seeded banner; a PROMOTION one names its promotion by key. */
type BannerSeed = Omit<
  typeof banners.$inferInsert,
  'id' | 'url' | 'groupName' | 'linkageType' | 'linkage'
> &
  (
    | { linkageType: 'PROMOTION'; linkage: PromotionKey }
    | { linkageType: Exclude<LinkageType, 'PROMOTION'>; linkage: string | null }
  );

/** Artwork lives at /media/banners/{group}-{n}.svg, drawn for the project. */
export const bannerSeedByGroup: Record<BannerGroup, BannerSeed[]> = {
  home: [
    {
      title: {
        hi: 'स्वागत बोनस: पहली जमा पर 100% तक',
        en: 'Welcome bonus: up to 100% on your first deposit',
        bn: 'স্বাগতম বোনাস: প্রথম জমায় ১০০% পর্যন্ত',
      },
      linkageType: 'PROMOTION',
      linkage: 'welcome-bonus',
    },
    {
      title: {
        hi: '10,000 से अधिक स्लॉट गेम खेलें',
        en: 'Play over 10,000 slot games',
        bn: '১০,০০০-এর বেশি স্লট গেম খেলুন',
      },
      linkageType: 'ROUTE',
      linkage: '/rng',
    },
    {
      title: {
        hi: 'क्रिकेट सीज़न: हर मैच पर लाइव सट्टा',
        en: 'Cricket season: live betting on every match',
        bn: 'ক্রিকেট মৌসুম: প্রতিটি ম্যাচে লাইভ বাজি',
      },
      linkageType: 'ROUTE',
      linkage: '/sports',
    },
  ],
  rng: [
    {
      title: { hi: 'जैकपॉट स्लॉट', en: 'Jackpot slots', bn: 'জ্যাকপট স্লট' },
      linkageType: 'ROUTE',
      linkage: '/rng',
    },
    {
      title: {
        hi: 'हर दिन फ्री स्पिन',
        en: 'Free spins every day',
        bn: 'প্রতিদিন ফ্রি স্পিন',
      },
      linkageType: 'ROUTE',
      linkage: '/promotions',
    },
  ],
  live: [
    {
      title: {
        hi: 'लाइव डीलर के साथ अंदर बाहर',
        en: 'Andar Bahar with live dealers',
        bn: 'লাইভ ডিলারের সাথে আন্দার বাহার',
      },
      linkageType: 'ROUTE',
      linkage: '/live',
    },
    {
      title: { hi: 'लाइव कैसीनो कैशबैक', en: 'Live casino cashback', bn: 'লাইভ ক্যাসিনো ক্যাশব্যাক' },
      linkageType: 'ROUTE',
      linkage: '/promotions',
    },
  ],
  fish: [
    {
      title: { hi: 'समुद्र का राजा', en: 'King of the ocean', bn: 'সমুদ্রের রাজা' },
      linkageType: 'ROUTE',
      linkage: '/fish',
    },
    {
      title: {
        hi: 'मछली पकड़ो, इनाम जीतो',
        en: 'Catch fish, win prizes',
        bn: 'মাছ ধরুন, পুরস্কার জিতুন',
      },
      linkageType: 'NONE',
      linkage: null,
    },
  ],
  pvp: [
    {
      title: { hi: 'तीन पत्ती टूर्नामेंट', en: 'Teen Patti tournament', bn: 'তিন পাত্তি টুর্নামেন্ট' },
      linkageType: 'ROUTE',
      linkage: '/pvp',
    },
    {
      title: { hi: 'रम्मी क्लब में शामिल हों', en: 'Join the Rummy Club', bn: 'রামি ক্লাবে যোগ দিন' },
      linkageType: 'ROUTE',
      linkage: '/pvp',
    },
  ],
  sports: [
    {
      title: { hi: 'क्रिकेट पर बेहतरीन ऑड्स', en: 'Best odds on cricket', bn: 'ক্রিকেটে সেরা অডস' },
      linkageType: 'ROUTE',
      linkage: '/sports',
    },
    {
      title: { hi: 'फुटबॉल लीग सट्टा', en: 'Football league betting', bn: 'ফুটবল লীগ বাজি' },
      linkageType: 'ROUTE',
      linkage: '/help',
    },
  ],
  esports: [
    {
      title: { hi: 'ई-स्पोर्ट्स चैम्पियनशिप', en: 'E-sports championship', bn: 'ই-স্পোর্টস চ্যাম্পিয়নশিপ' },
      linkageType: 'ROUTE',
      linkage: '/esports',
    },
    {
      title: {
        hi: 'हर मैच पर लाइव दांव',
        en: 'Live bets on every match',
        bn: 'প্রতিটি ম্যাচে লাইভ বাজি',
      },
      linkageType: 'NONE',
      linkage: null,
    },
  ],
  lott: [
    {
      title: { hi: 'आज की लॉटरी ड्रॉ', en: "Today's lottery draws", bn: 'আজকের লটারি ড্র' },
      linkageType: 'ROUTE',
      linkage: '/elott',
    },
    {
      title: {
        hi: 'ई-लॉटरी हर 5 मिनट',
        en: 'E-lottery every 5 minutes',
        bn: 'প্রতি ৫ মিনিটে ই-লটারি',
      },
      linkageType: 'ROUTE',
      linkage: '/lottery',
    },
  ],
  cockfight: [
    {
      title: { hi: 'सबोंग लाइव', en: 'Sabong live', bn: 'সাবং লাইভ' },
      linkageType: 'ROUTE',
      linkage: '/cockfight',
    },
    {
      title: { hi: 'मुर्गा लड़ाई के नियम', en: 'Cockfight rules', bn: 'মোরগ লড়াইয়ের নিয়ম' },
      linkageType: 'ROUTE',
      linkage: '/help',
    },
  ],
  promotion: [
    {
      title: {
        hi: 'दोस्तों को बुलाएं, बोनस पाएं',
        en: 'Invite friends, get a bonus',
        bn: 'বন্ধুদের আমন্ত্রণ জানান, বোনাস পান',
      },
      linkageType: 'ROUTE',
      linkage: '/promotions',
    },
    {
      title: { hi: 'साप्ताहिक रिबेट', en: 'Weekly rebate', bn: 'সাপ্তাহিক রিবেট' },
      linkageType: 'PROMOTION',
      linkage: 'weekly-rebate',
    },
  ],
  shop: [
    {
      title: {
        hi: 'पॉइंट्स से उपहार पाएं',
        en: 'Redeem gifts with points',
        bn: 'পয়েন্ট দিয়ে উপহার নিন',
      },
      linkageType: 'ROUTE',
      linkage: '/pointMall',
    },
    {
      title: {
        hi: 'पॉइंट्स कभी समाप्त नहीं होते',
        en: 'Points never expire',
        bn: 'পয়েন্ট কখনো শেষ হয় না',
      },
      linkageType: 'NONE',
      linkage: null,
    },
  ],
  help: [
    {
      title: { hi: 'सहायता केंद्र', en: 'Help centre', bn: 'সহায়তা কেন্দ্র' },
      linkageType: 'ROUTE',
      linkage: '/help',
    },
    {
      title: { hi: '24x7 ग्राहक सेवा', en: '24x7 customer service', bn: '২৪x৭ গ্রাহক সেবা' },
      linkageType: 'URL',
      linkage: 'https://chat.rajwin.example/live',
    },
  ],
  reg: [
    {
      title: {
        hi: 'अभी जुड़ें और बोनस पाएं',
        en: 'Join now and get a bonus',
        bn: 'এখনই যোগ দিন এবং বোনাস পান',
      },
      linkageType: 'PROMOTION',
      linkage: 'welcome-bonus',
    },
    {
      title: {
        hi: 'मोबाइल नंबर से 1 मिनट में रजिस्टर',
        en: 'Register in 1 minute with your mobile',
        bn: 'মোবাইল নম্বর দিয়ে ১ মিনিটে রেজিস্টার',
      },
      linkageType: 'NONE',
      linkage: null,
    },
  ],
};

/** The banner rows, PROMOTION linkages turned from keys into ids by `promotionId`. */
export function bannerSeed(
  promotionId: (key: PromotionKey) => number,
): (typeof banners.$inferInsert)[] {
  return Object.entries(bannerSeedByGroup).flatMap(([group, list]) =>
    list.map((banner, index) => ({
      ...banner,
      linkage:
        banner.linkageType === 'PROMOTION' ? String(promotionId(banner.linkage)) : banner.linkage,
      groupName: group,
      url: `/media/banners/${group}-${index + 1}.svg`,
      sortOrder: index + 1,
    })),
  );
}
