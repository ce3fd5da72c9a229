import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';

/**
 * Demo loyalty data of a development start: six VIP levels (lifetime deposits and turnover to
 * reach, monthly figures to keep, an upgrade bonus), rebate rates per game type and level, and a
 * points mall catalog (bonus credits, free spins in the built-in slot, goods). Elsewhere the
 * operator sets them (`/ops/loyalty/...`); with no levels nobody is upgraded and with no rates
 * no rebate is counted.
 */
export const loyaltyDemoSeedSteps: SeedStep[] = [
  {
    name: 'demo-loyalty-v1',
    run: async (tx) => {
      // sql.raw of a plain template (no parameters): the bundle escapes its Hindi and Bengali
      // to ASCII, which it cannot in a tagged one (tests/server/server-bundle.test.ts).
      await tx.execute(
        sql.raw(`
        INSERT INTO vip_levels (level, name_hi, name_en, name_bn, min_deposit, min_turnover,
          keep_deposit, keep_turnover, upgrade_bonus, benefits_hi, benefits_en, benefits_bn)
        SELECT l, 'वीआईपी ' || l, 'VIP ' || l, 'ভিআইপি ' || l, l * l * 100000, l * l * 1000000,
          l * 20000, l * 200000, l * 10000,
          'रिबेट बढ़ा, स्तर बोनस ₹' || (l * 100),
          'Higher rebate, level bonus ₹' || (l * 100),
          'বেশি রিবেট, স্তর বোনাস ₹' || (l * 100)
        FROM generate_series(1, 6) AS l
        ON CONFLICT DO NOTHING`),
      );
      await tx.execute(sql`
        INSERT INTO rebate_rates (game_type, vip_level, rate_bps)
        SELECT t, l, base + l * 10
        FROM (VALUES ('RNG', 40), ('LIVE', 30), ('FISH', 40), ('PVP', 30), ('SPORTS', 20),
          ('LOTTERY', 20), ('ELOTT', 20), ('COCKFIGHT', 20), ('ESPORTS', 20)) AS r (t, base)
        CROSS JOIN generate_series(0, 6) AS l
        ON CONFLICT DO NOTHING`);
      await tx.execute(
        sql.raw(`
        INSERT INTO points_items (kind, name_hi, name_en, name_bn, description_hi, description_en,
          description_bn, cost, bonus_amount, free_spins, game_code, spin_stake, stock, sort)
        VALUES
          ('bonus', '₹50 बोनस', '₹50 bonus', '₹50 বোনাস', 'मुख्य वॉलेट में ₹50',
            '₹50 to the main wallet', 'মূল ওয়ালেটে ₹50', 50, 5000, NULL, NULL, NULL, NULL, 1),
          ('bonus', '₹500 बोनस', '₹500 bonus', '₹500 বোনাস', 'मुख्य वॉलेट में ₹500',
            '₹500 to the main wallet', 'মূল ওয়ালেটে ₹500', 450, 50000, NULL, NULL, NULL, NULL, 2),
          ('free_spins', '20 फ्री स्पिन', '20 free spins', '20 ফ্রি স্পিন', 'ओरिजिनल्स स्लॉट में',
            'In the Originals slot', 'অরিজিনালস স্লটে', 80, NULL, 20, 'slot', 1000, NULL, 3),
          ('goods', 'टी-शर्ट', 'T-shirt', 'টি-শার্ট', 'पता टिप्पणी में लिखें',
            'Write your address in the remark', 'মন্তব্যে ঠিকানা লিখুন', 300, NULL, NULL, NULL,
            NULL, 50, 4)`),
      );
    },
  },
];
