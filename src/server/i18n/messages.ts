import { languages, type Language } from '../../contract/constants.ts';
import type { ErrorCode } from '../../contract/envelope.ts';

type Catalogue = Record<
  ErrorCode | 'bad_field' | 'bad_cidr' | 'end_time_required' | 'default_language_inactive',
  string
>;

/** Server messages by language; {field} and {value} are filled in by `translate`. */
const catalogues: Record<Language, Catalogue> = {
  hi: {
    bad_request: 'अनुरोध अमान्य है।',
    bad_field: 'फ़ील्ड "{field}" का मान अमान्य है।',
    bad_cidr: '"{value}" मान्य IP रेंज (CIDR) नहीं है।',
    end_time_required: 'रखरखाव चालू करने के लिए समाप्ति समय आवश्यक है।',
    default_language_inactive: 'डिफ़ॉल्ट भाषा सक्रिय भाषाओं में होनी चाहिए।',
    not_found: 'अनुरोधित संसाधन नहीं मिला।',
    not_logged_in: 'आप लॉग इन नहीं हैं, कृपया लॉग इन करें।',
    need_true_account: 'कृपया पहले एक खाता रजिस्टर करें।',
    error_not_agent: 'गैर-एजेंट खाता लॉग इन नहीं कर सकता।',
    member_no_enter: 'गैर-सदस्य खाता लॉग इन नहीं कर सकता।',
    captcha_required: 'कृपया कैप्चा दर्ज करें।',
    captcha_too_fast: 'कैप्चा बहुत जल्दी बदला गया, एक सेकंड बाद फिर प्रयास करें।',
    too_many_requests: 'बहुत अधिक अनुरोध, कृपया थोड़ी देर बाद प्रयास करें।',
    ops_unauthorized: 'ऑपरेटर प्रमाणीकरण आवश्यक है।',
    system_maintenance: 'सिस्टम रखरखाव में है।',
    region_restricted: 'आपके क्षेत्र से पहुंच प्रतिबंधित है।',
    system_error: 'सिस्टम त्रुटि, कृपया बाद में पुनः प्रयास करें।',
  },
  en: {
    bad_request: 'The request is not valid.',
    bad_field: 'The value of field "{field}" is not valid.',
    bad_cidr: '"{value}" is not a valid IP range (CIDR).',
    end_time_required: 'An end time is required to switch maintenance on.',
    default_language_inactive: 'The default language must be one of the active languages.',
    not_found: 'The requested resource was not found.',
    not_logged_in: 'You are not logged in, please log in.',
    need_true_account: 'Please register an account first.',
    error_not_agent: 'A non-agent account cannot log in here.',
    member_no_enter: 'A non-member account cannot log in.',
    captcha_required: 'Please enter the captcha.',
    captcha_too_fast: 'The captcha was refreshed too quickly, try again in a second.',
    too_many_requests: 'Too many requests, please try again shortly.',
    ops_unauthorized: 'Operator authentication is required.',
    system_maintenance: 'The system is under maintenance.',
    region_restricted: 'Access from your region is restricted.',
    system_error: 'System error, please try again later.',
  },
  bn: {
    bad_request: 'অনুরোধটি বৈধ নয়।',
    bad_field: '"{field}" ফিল্ডের মান বৈধ নয়।',
    bad_cidr: '"{value}" একটি বৈধ IP রেঞ্জ (CIDR) নয়।',
    end_time_required: 'রক্ষণাবেক্ষণ চালু করতে শেষ সময় প্রয়োজন।',
    default_language_inactive: 'ডিফল্ট ভাষা অবশ্যই সক্রিয় ভাষাগুলোর একটি হতে হবে।',
    not_found: 'অনুরোধ করা বিষয়টি পাওয়া যায়নি।',
    not_logged_in: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন।',
    need_true_account: 'অনুগ্রহ করে আগে একটি অ্যাকাউন্ট রেজিস্টার করুন।',
    error_not_agent: 'এজেন্ট নয় এমন অ্যাকাউন্ট এখানে লগইন করতে পারে না।',
    member_no_enter: 'সদস্য নয় এমন অ্যাকাউন্ট লগইন করতে পারে না।',
    captcha_required: 'অনুগ্রহ করে ক্যাপচা লিখুন।',
    captcha_too_fast: 'ক্যাপচা খুব দ্রুত বদলানো হয়েছে, এক সেকেন্ড পরে আবার চেষ্টা করুন।',
    too_many_requests: 'অনেক বেশি অনুরোধ, অনুগ্রহ করে একটু পরে চেষ্টা করুন।',
    ops_unauthorized: 'অপারেটর প্রমাণীকরণ প্রয়োজন।',
    system_maintenance: 'সিস্টেম রক্ষণাবেক্ষণে আছে।',
    region_restricted: 'আপনার অঞ্চল থেকে প্রবেশ সীমিত।',
    system_error: 'সিস্টেম ত্রুটি, অনুগ্রহ করে পরে আবার চেষ্টা করুন।',
  },
};

export type MessageKey = keyof Catalogue;

export function translate(
  language: Language,
  key: MessageKey,
  vars: Record<string, string> = {},
): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

/** The first supported language of an Accept-Language header, by quality; Hindi otherwise. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'hi';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return {
        tag: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q ? Number(q.trim().slice(2)) : 1,
      };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => (languages as readonly string[]).includes(entry.tag));
  return (match?.tag as Language | undefined) ?? 'hi';
}
