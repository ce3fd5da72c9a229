import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';

/**
 * Demo missions and referral rules of a development start: daily and weekly missions of every
 * kind (turnover, rounds of the built-in games and of the lottery, a deposit, a login streak)
 * and a referral reward. Elsewhere the operator makes them (`/ops/engagement/missions`,
 * `/ops/engagement/referral`).
 */
export const missionsDemoSeedSteps: SeedStep[] = [
  {
    name: 'demo-missions-v1',
    run: async (tx) => {
      // sql.raw of a plain template (no parameters): the bundle escapes its Hindi and Bengali
      // to ASCII, which it cannot in a tagged one (tests/server/server-bundle.test.ts).
      await tx.execute(
        sql.raw(`
        INSERT INTO mission_definitions (period, mission_type, game_type, target, reward, title,
          sort_order)
        VALUES
          ('daily', 'loginStreak', NULL, 1, 100,
            '{"hi":"आज लॉग इन करें","en":"Log in today","bn":"আজ লগ ইন করুন"}', 1),
          ('daily', 'turnover', NULL, 100000, 1000,
            '{"hi":"आज ₹1,000 का दांव लगाएँ","en":"Bet 1,000 today","bn":"আজ 1,000 বাজি ধরুন"}', 2),
          ('daily', 'rounds', 'RNG', 20, 500,
            '{"hi":"आज 20 स्लॉट/डाइस/क्रैश राउंड खेलें","en":"Play 20 slot, dice or crash rounds today","bn":"আজ 20টি স্লট, ডাইস বা ক্র্যাশ রাউন্ড খেলুন"}', 3),
          ('daily', 'deposit', NULL, 50000, 2000,
            '{"hi":"आज ₹500 जमा करें","en":"Deposit 500 today","bn":"আজ 500 জমা করুন"}', 4),
          ('weekly', 'loginStreak', NULL, 5, 5000,
            '{"hi":"लगातार 5 दिन लॉग इन करें","en":"Log in 5 days in a row","bn":"টানা 5 দিন লগ ইন করুন"}', 1),
          ('weekly', 'turnover', NULL, 2000000, 10000,
            '{"hi":"इस सप्ताह ₹20,000 का दांव लगाएँ","en":"Bet 20,000 this week","bn":"এই সপ্তাহে 20,000 বাজি ধরুন"}', 2),
          ('weekly', 'rounds', 'LOTTERY', 10, 2000,
            '{"hi":"इस सप्ताह 10 लॉटरी दांव लगाएँ","en":"Place 10 lottery bets this week","bn":"এই সপ্তাহে 10টি লটারি বাজি ধরুন"}', 3)`),
      );
      await tx.execute(sql`
        INSERT INTO referral_rules (id, enabled, reward, min_deposit, min_turnover)
        VALUES (1, true, 10000, 50000, 100000)
        ON CONFLICT (id) DO NOTHING`);
    },
  },
];
