import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';

/**
 * Demo promotions of a development start: one of each kind, running from the start's day for a
 * year. Elsewhere an operator makes them (`POST /ops/promotions`).
 */
export const promotionDemoSeedSteps: SeedStep[] = [
  {
    name: 'demo-promotions-v1',
    run: async (tx) => {
      // sql.raw of a plain template (no parameters): the bundle escapes its Hindi and Bengali
      // to ASCII, which it cannot in a tagged one (tests/server/server-bundle.test.ts).
      await tx.execute(
        sql.raw(`
        INSERT INTO promotions (kind, title, description, starts_at, ends_at, period, rate_bps,
          cap, min_amount, min_vip_level, new_players_only, wagering_multiplier, needs_approval,
          prizes, sort)
        SELECT p.kind, p.title::jsonb, p.description::jsonb, date_trunc('day', now()),
          date_trunc('day', now()) + interval '365 days', p.period, p.rate_bps, p.cap,
          p.min_amount, 0, p.new_players_only, p.wagering_multiplier, p.needs_approval,
          p.prizes::jsonb, p.sort
        FROM (VALUES
          ('firstDeposit',
            '{"hi":"पहली जमा पर 100% बोनस","en":"100% first deposit bonus","bn":"প্রথম জমায় ১০০% বোনাস"}',
            '{"hi":"आपकी पहली जमा पर 100% बोनस, अधिकतम ₹5,000। निकासी से पहले बोनस का 5 गुना टर्नओवर।","en":"A 100% bonus on your first deposit, up to ₹5,000. Play 5 times the bonus in valid turnover before withdrawing it.","bn":"আপনার প্রথম জমায় ১০০% বোনাস, সর্বোচ্চ ₹5,000। তোলার আগে বোনাসের ৫ গুণ টার্নওভার।"}',
            'once', 10000, 500000, 10000, true, 5, false, '[]', 1),
          ('depositBonus',
            '{"hi":"दैनिक जमा बोनस 10%","en":"Daily 10% deposit bonus","bn":"দৈনিক ১০% জমা বোনাস"}',
            '{"hi":"हर दिन अपनी सबसे बड़ी जमा पर 10% बोनस, अधिकतम ₹1,000।","en":"Every day, 10% of your largest deposit, up to ₹1,000.","bn":"প্রতিদিন আপনার সবচেয়ে বড় জমার ১০%, সর্বোচ্চ ₹1,000।"}',
            'daily', 1000, 100000, 50000, false, 3, false, '[]', 2),
          ('cashback',
            '{"hi":"साप्ताहिक 5% कैशबैक","en":"Weekly 5% cashback","bn":"সাপ্তাহিক ৫% ক্যাশব্যাক"}',
            '{"hi":"पिछले सप्ताह के शुद्ध नुकसान का 5% वापस, आवेदन पर।","en":"5% of last week''s net loss back, on application.","bn":"গত সপ্তাহের নিট ক্ষতির ৫% ফেরত, আবেদন করে।"}',
            'weekly', 500, 1000000, 10000, false, 1, true, '[]', 3),
          ('raffle',
            '{"hi":"दैनिक लकी ड्रॉ","en":"Daily lucky draw","bn":"দৈনিক লাকি ড্র"}',
            '{"hi":"आज ₹500 का वैध टर्नओवर खेलें और एक इनाम निकालें।","en":"Play ₹500 of valid turnover today and draw a prize.","bn":"আজ ₹500 বৈধ টার্নওভার খেলুন এবং একটি পুরস্কার তুলুন।"}',
            'daily', 0, 0, 50000, false, 1, false,
            '[{"amount":"1000","weight":70},{"amount":"5000","weight":25},{"amount":"50000","weight":5}]', 4),
          ('referral',
            '{"hi":"दोस्तों को आमंत्रित करें","en":"Invite friends","bn":"বন্ধুদের আমন্ত্রণ জানান"}',
            '{"hi":"आपका दोस्त जमा करे और खेले तो आपको इनाम मिलेगा।","en":"Get a reward when your friend deposits and plays.","bn":"আপনার বন্ধু জমা দিয়ে খেললে আপনি পুরস্কার পাবেন।"}',
            'once', 0, 0, 0, false, 0, false, '[]', 5)
        ) AS p (kind, title, description, period, rate_bps, cap, min_amount, new_players_only,
          wagering_multiplier, needs_approval, prizes, sort)`),
      );
    },
  },
];
