ALTER TABLE "payment_channels" ADD COLUMN "names" jsonb;--> statement-breakpoint
-- Sites made before: the demo channels an operator has not renamed get their names per language.
UPDATE "payment_channels" SET "names" = '{"hi":"ऑनलाइन भुगतान","en":"Online payment","bn":"অনলাইন পেমেন্ট"}'::jsonb WHERE "code" = 'online' AND "name" = 'Online payment' AND "names" IS NULL;--> statement-breakpoint
UPDATE "payment_channels" SET "names" = '{"hi":"बैंक ट्रांसफ़र","en":"Bank transfer","bn":"ব্যাংক ট্রান্সফার"}'::jsonb WHERE "code" = 'bank_transfer' AND "name" = 'Bank transfer' AND "names" IS NULL;
