import type { paymentChannels } from './deposit.schema.ts';

/** The demo bank account's number, until an operator gives the real one. */
export const demoBankAccountNumber = '0000-1234-5678';

/**
 * The payment channels a fresh site starts with; operators edit the rows (names, limits, bank
 * account, enabled), in the site's currency (the seed step sets it). Limits in minor units:
 * 100.00 to 50,000.00 by bank transfer, 100.00 to 1,00,000.00 online and by UPI (the usual UPI
 * limit of one payment). The bank account is a demo placeholder an operator replaces; the UPI
 * id and payee come from configuration (UPI_PAYEE_VPA, UPI_PAYEE_NAME).
 */
export const paymentChannelSeed: (typeof paymentChannels.$inferInsert)[] = [
  {
    code: 'upi',
    kind: 'upi',
    name: 'UPI',
    currency: 'INR',
    minAmount: 10_000n,
    maxAmount: 10_000_000n,
    sort: 0,
    names: { hi: 'UPI', en: 'UPI', bn: 'UPI' },
  },
  {
    code: 'online',
    kind: 'online',
    name: 'Online payment',
    currency: 'INR',
    minAmount: 10_000n,
    maxAmount: 10_000_000n,
    sort: 1,
    names: { hi: 'ऑनलाइन भुगतान', en: 'Online payment', bn: 'অনলাইন পেমেন্ট' },
  },
  {
    code: 'bank_transfer',
    kind: 'manual',
    name: 'Bank transfer',
    currency: 'INR',
    minAmount: 10_000n,
    maxAmount: 5_000_000n,
    bankAccount: {
      bankName: 'Demo Bank',
      accountName: 'Demo Site Payments',
      accountNumber: demoBankAccountNumber,
      ifsc: 'DEMO0001234',
    },
    sort: 2,
    names: { hi: 'बैंक ट्रांसफ़र', en: 'Bank transfer', bn: 'ব্যাংক ট্রান্সফার' },
  },
];
