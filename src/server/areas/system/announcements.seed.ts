import type { announcements } from './announcements.schema.ts';

type AnnouncementSeed = Omit<typeof announcements.$inferInsert, 'id'>;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Notices of every type (B general, PL platform, PU public, PR promotion, H home). */
export function announcementSeed(): AnnouncementSeed[] {
  return [
    {
      type: 'B',
      popup: true,
      publishedAt: daysAgo(0),
      title: {
        hi: 'राजविन में आपका स्वागत है',
        en: 'Welcome to Rajwin',
        bn: 'রাজউইন-এ আপনাকে স্বাগতম',
      },
      content: {
        hi: 'लाइव कैसीनो, क्रिकेट सट्टा, स्लॉट और लॉटरी एक ही जगह। सहायता के लिए 24 घंटे ग्राहक सेवा उपलब्ध है।',
        en: 'Live casino, cricket betting, slots and lottery in one place. Customer service is available 24 hours a day.',
        bn: 'লাইভ ক্যাসিনো, ক্রিকেট বাজি, স্লট এবং লটারি এক জায়গায়। সহায়তার জন্য ২৪ ঘণ্টা গ্রাহক সেবা চালু আছে।',
      },
    },
    {
      type: 'B',
      popup: false,
      publishedAt: daysAgo(2),
      title: {
        hi: 'UPI जमा अब और तेज़',
        en: 'UPI deposits are now faster',
        bn: 'UPI জমা এখন আরও দ্রুত',
      },
      content: {
        hi: 'UPI से की गई जमा राशि अब आमतौर पर 2 मिनट के भीतर आपके वॉलेट में दिखती है।',
        en: 'Deposits made with UPI now usually reach your wallet within 2 minutes.',
        bn: 'UPI দিয়ে করা জমা এখন সাধারণত ২ মিনিটের মধ্যে আপনার ওয়ালেটে পৌঁছে যায়।',
      },
    },
    {
      type: 'PL',
      popup: false,
      publishedAt: daysAgo(3),
      title: {
        hi: 'निर्धारित रखरखाव की सूचना',
        en: 'Scheduled maintenance notice',
        bn: 'নির্ধারিত রক্ষণাবেক্ষণের বিজ্ঞপ্তি',
      },
      content: {
        hi: 'कुछ गेम प्रदाता रविवार रात 2:00 से 4:00 बजे (IST) तक रखरखाव में रहेंगे। असुविधा के लिए खेद है।',
        en: 'Some game providers will be under maintenance on Sunday from 2:00 to 4:00 am (IST). We apologise for the inconvenience.',
        bn: 'কিছু গেম প্রদানকারী রবিবার রাত ২:০০ থেকে ৪:০০ (IST) পর্যন্ত রক্ষণাবেক্ষণে থাকবে। অসুবিধার জন্য দুঃখিত।',
      },
    },
    {
      type: 'PU',
      popup: false,
      publishedAt: daysAgo(5),
      title: {
        hi: 'अपना खाता सुरक्षित रखें',
        en: 'Keep your account safe',
        bn: 'আপনার অ্যাকাউন্ট নিরাপদ রাখুন',
      },
      content: {
        hi: 'हमारे कर्मचारी कभी भी आपका पासवर्ड या OTP नहीं मांगते। इसे किसी के साथ साझा न करें।',
        en: 'Our staff will never ask for your password or OTP. Do not share them with anyone.',
        bn: 'আমাদের কর্মীরা কখনো আপনার পাসওয়ার্ড বা OTP চাইবে না। কারো সাথে শেয়ার করবেন না।',
      },
    },
    {
      type: 'PR',
      popup: true,
      publishedAt: daysAgo(1),
      title: {
        hi: 'पहली जमा पर 100% बोनस',
        en: '100% bonus on your first deposit',
        bn: 'প্রথম জমায় ১০০% বোনাস',
      },
      content: {
        hi: 'नए सदस्य अपनी पहली जमा पर P 10,000.00 तक 100% बोनस पा सकते हैं। नियम और शर्तें लागू।',
        en: 'New members get a 100% bonus up to P 10,000.00 on their first deposit. Terms and conditions apply.',
        bn: 'নতুন সদস্যরা প্রথম জমায় P 10,000.00 পর্যন্ত ১০০% বোনাস পাবেন। শর্তাবলী প্রযোজ্য।',
      },
    },
    {
      type: 'PR',
      popup: false,
      publishedAt: daysAgo(4),
      title: {
        hi: 'हर सोमवार साप्ताहिक रिबेट',
        en: 'Weekly rebate every Monday',
        bn: 'প্রতি সোমবার সাপ্তাহিক রিবেট',
      },
      content: {
        hi: 'पिछले सप्ताह के कुल दांव पर 1% तक रिबेट हर सोमवार आपके खाते में जमा किया जाता है।',
        en: 'A rebate of up to 1% of last week’s total bets is credited to your account every Monday.',
        bn: 'গত সপ্তাহের মোট বাজির ১% পর্যন্ত রিবেট প্রতি সোমবার আপনার অ্যাকাউন্টে জমা হয়।',
      },
    },
    {
      type: 'H',
      popup: false,
      publishedAt: daysAgo(1),
      title: {
        hi: 'आईपीएल स्पेशल: हर मैच पर कैशबैक',
        en: 'IPL special: cashback on every match',
        bn: 'আইপিএল স্পেশাল: প্রতিটি ম্যাচে ক্যাশব্যাক',
      },
      content: {
        hi: 'क्रिकेट मैचों पर हारे हुए दांव का 5% कैशबैक, अधिकतम P 500.00 प्रति दिन।',
        en: 'Get 5% cashback on losing cricket bets, up to P 500.00 per day.',
        bn: 'ক্রিকেট ম্যাচে হারা বাজির ৫% ক্যাশব্যাক, দিনে সর্বোচ্চ P 500.00।',
      },
    },
  ];
}
