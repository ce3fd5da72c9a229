import type { LocalizedText } from './help.schema.ts';

type ArticleSeed = { title: LocalizedText; content: LocalizedText };
export type SectionSeed = { key: string; title: LocalizedText; articles: ArticleSeed[] };

/** Help center sections; the keys are the page anchors (/help#terms). */
export const helpSeed: SectionSeed[] = [
  {
    key: 'terms',
    title: { hi: 'नियम और शर्तें', en: 'Terms and conditions', bn: 'শর্তাবলী' },
    articles: [
      {
        title: { hi: 'पात्रता', en: 'Eligibility', bn: 'যোগ্যতা' },
        content: {
          hi: 'खाता खोलने के लिए आपकी आयु कम से कम 18 वर्ष होनी चाहिए और आपके क्षेत्र में ऑनलाइन गेमिंग कानूनी होनी चाहिए। प्रति व्यक्ति केवल एक खाता अनुमत है।',
          en: 'You must be at least 18 years old and online gaming must be legal where you live to open an account. Only one account per person is allowed.',
          bn: 'অ্যাকাউন্ট খুলতে আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে এবং আপনার এলাকায় অনলাইন গেমিং বৈধ হতে হবে। প্রতি ব্যক্তির জন্য কেবল একটি অ্যাকাউন্ট অনুমোদিত।',
        },
      },
      {
        title: { hi: 'खाते की जिम्मेदारी', en: 'Account responsibility', bn: 'অ্যাকাউন্টের দায়িত্ব' },
        content: {
          hi: 'आप अपने उपयोगकर्ता नाम और पासवर्ड की गोपनीयता के लिए जिम्मेदार हैं। आपके खाते से किए गए सभी दांव आपके द्वारा किए गए माने जाते हैं।',
          en: 'You are responsible for keeping your username and password secret. All bets placed from your account are treated as placed by you.',
          bn: 'আপনার ব্যবহারকারীর নাম ও পাসওয়ার্ড গোপন রাখার দায়িত্ব আপনার। আপনার অ্যাকাউন্ট থেকে করা সব বাজি আপনার করা বলে গণ্য হবে।',
        },
      },
      {
        title: { hi: 'बोनस के नियम', en: 'Bonus rules', bn: 'বোনাসের নিয়ম' },
        content: {
          hi: 'हर बोनस की अपनी टर्नओवर शर्त होती है। शर्त पूरी होने से पहले बोनस राशि निकाली नहीं जा सकती। दुरुपयोग होने पर बोनस रद्द किया जा सकता है।',
          en: 'Every bonus has its own turnover requirement. Bonus money cannot be withdrawn before the requirement is met. Bonuses may be cancelled in case of abuse.',
          bn: 'প্রতিটি বোনাসের নিজস্ব টার্নওভার শর্ত আছে। শর্ত পূরণের আগে বোনাসের টাকা তোলা যাবে না। অপব্যবহার হলে বোনাস বাতিল হতে পারে।',
        },
      },
    ],
  },
  {
    key: 'faq',
    title: {
      hi: 'अक्सर पूछे जाने वाले प्रश्न',
      en: 'Frequently asked questions',
      bn: 'সচরাচর জিজ্ঞাসিত প্রশ্ন',
    },
    articles: [
      {
        title: { hi: 'मैं कैसे रजिस्टर करूं?', en: 'How do I register?', bn: 'আমি কীভাবে রেজিস্টার করব?' },
        content: {
          hi: 'ऊपर "रजिस्टर" बटन दबाएं, उपयोगकर्ता नाम या मोबाइल नंबर चुनें, विवरण भरें और शर्तें स्वीकार करें।',
          en: 'Press "Register" at the top, choose username or mobile number, fill in the details and accept the terms.',
          bn: 'উপরে "রেজিস্টার" বোতাম চাপুন, ব্যবহারকারীর নাম বা মোবাইল নম্বর বেছে নিন, তথ্য পূরণ করুন এবং শর্তাবলী মেনে নিন।',
        },
      },
      {
        title: { hi: 'पासवर्ड भूल गया', en: 'I forgot my password', bn: 'আমি পাসওয়ার্ড ভুলে গেছি' },
        content: {
          hi: 'लॉगिन विंडो में "पासवर्ड भूल गए" चुनें और अपने ईमेल या मोबाइल नंबर से नया पासवर्ड सेट करें।',
          en: 'Choose "Forgot password" in the login window and set a new password with your e-mail or mobile number.',
          bn: 'লগইন উইন্ডোতে "পাসওয়ার্ড ভুলে গেছেন" বেছে নিন এবং ইমেল বা মোবাইল নম্বর দিয়ে নতুন পাসওয়ার্ড সেট করুন।',
        },
      },
      {
        title: {
          hi: 'कौन सी भाषाएं उपलब्ध हैं?',
          en: 'Which languages are available?',
          bn: 'কোন কোন ভাষা পাওয়া যায়?',
        },
        content: {
          hi: 'साइट हिंदी, अंग्रेज़ी और बांग्ला में उपलब्ध है। भाषा ऊपर के मेनू से बदलें।',
          en: 'The site is available in Hindi, English and Bengali. Change the language from the menu at the top.',
          bn: 'সাইটটি হিন্দি, ইংরেজি ও বাংলায় পাওয়া যায়। উপরের মেনু থেকে ভাষা বদলান।',
        },
      },
    ],
  },
  {
    key: 'deposit',
    title: { hi: 'जमा', en: 'Deposit', bn: 'জমা' },
    articles: [
      {
        title: { hi: 'जमा कैसे करें', en: 'How to deposit', bn: 'কীভাবে জমা করবেন' },
        content: {
          hi: 'सदस्य केंद्र में "जमा" खोलें, भुगतान तरीका (UPI, नेट बैंकिंग) चुनें, राशि दर्ज करें और निर्देशों का पालन करें।',
          en: 'Open "Deposit" in the member center, choose a payment method (UPI, net banking), enter the amount and follow the instructions.',
          bn: 'সদস্য কেন্দ্রে "জমা" খুলুন, পেমেন্ট পদ্ধতি (UPI, নেট ব্যাংকিং) বেছে নিন, পরিমাণ লিখুন এবং নির্দেশনা অনুসরণ করুন।',
        },
      },
      {
        title: { hi: 'जमा नहीं पहुंची', en: 'My deposit has not arrived', bn: 'আমার জমা পৌঁছায়নি' },
        content: {
          hi: 'अधिकांश जमा कुछ मिनटों में पहुंचती है। 30 मिनट के बाद भी न दिखे तो भुगतान रसीद के साथ ग्राहक सेवा से संपर्क करें।',
          en: 'Most deposits arrive within minutes. If it is not shown after 30 minutes, contact customer service with your payment receipt.',
          bn: 'বেশিরভাগ জমা কয়েক মিনিটে পৌঁছে যায়। ৩০ মিনিট পরেও না দেখালে পেমেন্টের রসিদসহ গ্রাহক সেবায় যোগাযোগ করুন।',
        },
      },
    ],
  },
  {
    key: 'withdrawal',
    title: { hi: 'निकासी', en: 'Withdrawal', bn: 'উত্তোলন' },
    articles: [
      {
        title: { hi: 'निकासी कैसे करें', en: 'How to withdraw', bn: 'কীভাবে উত্তোলন করবেন' },
        content: {
          hi: 'सदस्य केंद्र में "निकासी" खोलें, अपना बैंक खाता या UPI आईडी चुनें और राशि दर्ज करें। निकासी उसी नाम के खाते में ही होती है।',
          en: 'Open "Withdrawal" in the member center, choose your bank account or UPI ID and enter the amount. Withdrawals go only to an account in your own name.',
          bn: 'সদস্য কেন্দ্রে "উত্তোলন" খুলুন, আপনার ব্যাংক অ্যাকাউন্ট বা UPI আইডি বেছে নিন এবং পরিমাণ লিখুন। উত্তোলন কেবল আপনার নিজের নামের অ্যাকাউন্টে যায়।',
        },
      },
      {
        title: {
          hi: 'निकासी में कितना समय लगता है?',
          en: 'How long does a withdrawal take?',
          bn: 'উত্তোলনে কত সময় লাগে?',
        },
        content: {
          hi: 'स्वीकृत निकासी आमतौर पर 1 घंटे के भीतर भेजी जाती है। बैंक के अनुसार राशि पहुंचने में अधिक समय लग सकता है।',
          en: 'Approved withdrawals are usually sent within 1 hour. Depending on your bank the money may take longer to arrive.',
          bn: 'অনুমোদিত উত্তোলন সাধারণত ১ ঘণ্টার মধ্যে পাঠানো হয়। ব্যাংকের উপর নির্ভর করে টাকা পৌঁছাতে বেশি সময় লাগতে পারে।',
        },
      },
    ],
  },
  {
    key: 'responsible',
    title: { hi: 'ज़िम्मेदार गेमिंग', en: 'Responsible gaming', bn: 'দায়িত্বশীল গেমিং' },
    articles: [
      {
        title: { hi: 'सीमा में खेलें', en: 'Play within your limits', bn: 'সীমার মধ্যে খেলুন' },
        content: {
          hi: 'केवल उतना ही दांव लगाएं जितना आप खो सकते हैं। गेमिंग मनोरंजन है, आय का साधन नहीं।',
          en: 'Only bet what you can afford to lose. Gaming is entertainment, not a source of income.',
          bn: 'যতটুকু হারাতে পারবেন কেবল ততটুকুই বাজি ধরুন। গেমিং বিনোদন, আয়ের উৎস নয়।',
        },
      },
      {
        title: { hi: 'स्वयं को बाहर रखना', en: 'Self-exclusion', bn: 'স্ব-বর্জন' },
        content: {
          hi: 'यदि आप विराम लेना चाहते हैं तो ग्राहक सेवा से अपना खाता कुछ समय के लिए बंद करवाएं।',
          en: 'If you want to take a break, ask customer service to close your account for a period of time.',
          bn: 'বিরতি নিতে চাইলে গ্রাহক সেবাকে কিছু সময়ের জন্য আপনার অ্যাকাউন্ট বন্ধ করতে বলুন।',
        },
      },
    ],
  },
  {
    key: 'privacy',
    title: { hi: 'गोपनीयता नीति', en: 'Privacy policy', bn: 'গোপনীয়তা নীতি' },
    articles: [
      {
        title: { hi: 'हम कौन सा डेटा रखते हैं', en: 'What data we keep', bn: 'আমরা কোন তথ্য রাখি' },
        content: {
          hi: 'हम आपका उपयोगकर्ता नाम, संपर्क विवरण, लेन-देन और लॉगिन इतिहास केवल सेवा चलाने और कानूनी दायित्वों के लिए रखते हैं।',
          en: 'We keep your username, contact details, transactions and login history only to run the service and meet legal duties.',
          bn: 'আমরা আপনার ব্যবহারকারীর নাম, যোগাযোগের তথ্য, লেনদেন ও লগইন ইতিহাস কেবল সেবা চালাতে ও আইনি দায়িত্ব পালনে রাখি।',
        },
      },
      {
        title: { hi: 'आपके अधिकार', en: 'Your rights', bn: 'আপনার অধিকার' },
        content: {
          hi: 'आप ग्राहक सेवा से अपने डेटा की प्रति मांग सकते हैं या गलत जानकारी सुधारने का अनुरोध कर सकते हैं।',
          en: 'You can ask customer service for a copy of your data or ask us to correct wrong information.',
          bn: 'আপনি গ্রাহক সেবার কাছে আপনার তথ্যের কপি চাইতে বা ভুল তথ্য সংশোধনের অনুরোধ করতে পারেন।',
        },
      },
    ],
  },
];

/** The beginner guide (/help#guide): first steps on the site, in the order a new player takes them. */
export const guideSeed: SectionSeed = {
  key: 'guide',
  title: { hi: 'शुरुआती गाइड', en: "Beginner's guide", bn: 'নতুনদের গাইড' },
  articles: [
    {
      title: { hi: '1. खाता बनाएं', en: '1. Create your account', bn: '১. অ্যাকাউন্ট তৈরি করুন' },
      content: {
        hi: '"रजिस्टर" दबाएं, मोबाइल नंबर या उपयोगकर्ता नाम से खाता बनाएं और भुगतान पासवर्ड सेट करें। यह पासवर्ड निकासी और पॉइंट रिडीम करते समय पूछा जाता है।',
        en: 'Press "Register", create an account with your mobile number or a username and set a payment password. It is asked when you withdraw or redeem points.',
        bn: '"রেজিস্টার" চাপুন, মোবাইল নম্বর বা ব্যবহারকারীর নাম দিয়ে অ্যাকাউন্ট খুলুন এবং পেমেন্ট পাসওয়ার্ড সেট করুন। টাকা তোলা বা পয়েন্ট রিডিম করার সময় এটি চাওয়া হয়।',
      },
    },
    {
      title: { hi: '2. पहली जमा', en: '2. Make your first deposit', bn: '২. প্রথম জমা' },
      content: {
        hi: 'सदस्य केंद्र में "जमा" खोलें, भुगतान का तरीका और राशि चुनें। प्रमोशन पेज पर पहली जमा का बोनस देखें और शर्तें पढ़कर दावा करें।',
        en: 'Open "Deposit" in the member center and choose a payment method and an amount. See the first deposit bonus on the promotions page and claim it after reading its terms.',
        bn: 'সদস্য কেন্দ্রে "জমা" খুলুন, পেমেন্টের উপায় ও পরিমাণ বেছে নিন। প্রমোশন পাতায় প্রথম জমার বোনাস দেখুন এবং শর্ত পড়ে দাবি করুন।',
      },
    },
    {
      title: { hi: '3. खेल चुनें', en: '3. Pick a game', bn: '৩. খেলা বেছে নিন' },
      content: {
        hi: 'स्लॉट, लाइव कैसीनो, खेल, लॉटरी और अन्य श्रेणियाँ ऊपर के मेनू में हैं। खोज से नाम से गेम ढूंढें और पसंदीदा में जोड़ें।',
        en: 'Slots, live casino, sports, lottery and the other categories are in the top menu. Find a game by name with the search and add it to your favourites.',
        bn: 'স্লট, লাইভ ক্যাসিনো, খেলা, লটারি ও অন্যান্য বিভাগ উপরের মেনুতে আছে। নাম দিয়ে খুঁজে খেলা বের করুন এবং পছন্দের তালিকায় যোগ করুন।',
      },
    },
    {
      title: { hi: '4. इनाम कमाएं', en: '4. Earn rewards', bn: '৪. পুরস্কার অর্জন করুন' },
      content: {
        hi: 'हर दांव से पॉइंट, मिशन की प्रगति और रिबेट मिलते हैं। इनाम केंद्र में देखें कि अभी क्या दावा किया जा सकता है।',
        en: 'Every bet earns points, mission progress and rebate. See in the reward center what you can claim now.',
        bn: 'প্রতিটি বাজিতে পয়েন্ট, মিশনের অগ্রগতি ও রিবেট মেলে। এখন কী দাবি করা যায় তা পুরস্কার কেন্দ্রে দেখুন।',
      },
    },
    {
      title: { hi: '5. निकासी', en: '5. Withdraw your winnings', bn: '৫. জয়ের টাকা তুলুন' },
      content: {
        hi: 'बैंक खाता जोड़ें, राशि दर्ज करें और भुगतान पासवर्ड से पुष्टि करें। बोनस की टर्नओवर शर्त पूरी होने तक बोनस राशि निकाली नहीं जा सकती।',
        en: 'Add a bank account, enter the amount and confirm with your payment password. Bonus money can be withdrawn once its turnover requirement is met.',
        bn: 'ব্যাংক অ্যাকাউন্ট যোগ করুন, পরিমাণ লিখুন এবং পেমেন্ট পাসওয়ার্ড দিয়ে নিশ্চিত করুন। বোনাসের টার্নওভার শর্ত পূরণ হলে তবেই বোনাসের টাকা তোলা যায়।',
      },
    },
  ],
};

/**
 * The one rule of valid turnover, in the terms (issue 34): every part that counts turnover
 * (missions, points, rebate, VIP, a bonus's wagering, the agents' wage) reads the same rollups.
 */
export const turnoverArticle: ArticleSeed = {
  title: {
    hi: 'वैध टर्नओवर में क्या गिना जाता है',
    en: 'What counts as valid turnover',
    bn: 'বৈধ টার্নওভারে কী গণনা হয়',
  },
  content: {
    hi: 'वैध टर्नओवर आपके हर दांव की राशि है, हर उत्पाद पर: स्लॉट और हमारे अपने गेम, लाइव कैसीनो, खेल, कार्ड गेम, मछली शिकार, मुर्गा लड़ाई और लॉटरी। दांव लगाते ही यह गिना जाता है (कुछ गेम में प्रदाता कम गिनता है, जैसे दोनों पक्षों पर लगे दांव); वापस किया गया या रद्द दांव कुछ नहीं गिनता, और जीत इसे कम नहीं करती। साइट का हर हिस्सा इसे एक ही तरह गिनता है: मिशन, पॉइंट, रिबेट, VIP स्तर, बोनस की टर्नओवर शर्त और आपके एजेंट का वेतन। बोनस की शर्त में केवल बोनस लेने के बाद लगाए गए दांव गिने जाते हैं। पॉइंट, रिबेट और VIP स्तर नियमित गणना में जुड़ते हैं; मिशन और बोनस की शर्त तुरंत दिखती हैं।',
    en: "Valid turnover is the stake of every bet you place, on every product: slots and our own games, live casino, sports, card games, fishing, cockfight and lottery. It counts when the bet is placed (for some games the provider counts less, such as bets on both sides); a refunded or cancelled bet counts nothing, and a win does not reduce it. Every part of the site counts it the same way: missions, points, rebate, VIP levels, a bonus's wagering and your agent's wage. A bonus's wagering counts only the bets placed after you claim it. Points, rebate and VIP levels are added by the regular count; missions and wagering show at once.",
    bn: 'বৈধ টার্নওভার হলো প্রতিটি পণ্যে আপনার প্রতিটি বাজির পরিমাণ: স্লট ও আমাদের নিজস্ব গেম, লাইভ ক্যাসিনো, খেলাধুলা, কার্ড গেম, মাছ শিকার, মোরগ লড়াই ও লটারি। বাজি ধরার সঙ্গে সঙ্গে এটি গণনা হয় (কিছু গেমে প্রদানকারী কম গণনা করে, যেমন দুই দিকে বাজি); ফেরত বা বাতিল বাজি কিছুই গণনা করে না, আর জয় এটি কমায় না। সাইটের প্রতিটি অংশ এটি একইভাবে গণনা করে: মিশন, পয়েন্ট, রিবেট, VIP স্তর, বোনাসের টার্নওভার শর্ত ও আপনার এজেন্টের বেতন। বোনাসের শর্তে কেবল বোনাস নেওয়ার পরে ধরা বাজি গণনা হয়। পয়েন্ট, রিবেট ও VIP স্তর নিয়মিত গণনায় যোগ হয়; মিশন ও বোনাসের শর্ত সঙ্গে সঙ্গে দেখা যায়।',
  },
};
