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
    enc_invalid: 'एन्क्रिप्टेड डेटा पढ़ा नहीं जा सका, कृपया पेज रीफ़्रेश करें।',
    invalid_credentials: 'उपयोगकर्ता नाम या पासवर्ड गलत है।',
    account_locked: 'बहुत अधिक गलत प्रयास, खाता कुछ मिनटों के लिए लॉक है।',
    account_disabled: 'यह खाता अक्षम है, कृपया ग्राहक सेवा से संपर्क करें।',
    captcha_invalid: 'कैप्चा गलत है।',
    verification_required: 'कृपया पहले सत्यापन पूरा करें।',
    session_expired: 'आपका सत्र समाप्त हो गया है, कृपया फिर से लॉग इन करें।',
    username_taken: 'यह उपयोगकर्ता नाम पहले से उपयोग में है।',
    mobile_taken: 'यह मोबाइल नंबर पहले से पंजीकृत है।',
    email_taken: 'यह ई-मेल पहले से पंजीकृत है।',
    affiliate_invalid: 'अमान्य आमंत्रण कोड।',
    terms_required: 'कृपया नियम और शर्तें स्वीकार करें।',
    age_required: 'कृपया पुष्टि करें कि आपकी आयु 18 वर्ष या उससे अधिक है।',
    password_wrong: 'वर्तमान पासवर्ड गलत है।',
    password_mismatch: 'दोनों पासवर्ड मेल नहीं खाते।',
    email_not_found: 'उपयोगकर्ता नाम/ई-मेल मौजूद नहीं है।',
    two_factor_required: 'इस नए IP से लॉग इन के लिए अतिरिक्त सत्यापन आवश्यक है।',
    two_factor_invalid: 'सत्यापन कोड गलत है।',
    social_login_failed: 'सोशल लॉग इन विफल रहा, कृपया पुनः प्रयास करें।',
    freeplay_disabled: 'फ़्री प्ले उपलब्ध नहीं है।',
    register_method_disabled: 'पंजीकरण का यह तरीका अभी उपलब्ध नहीं है।',
    reset_token_invalid:
      'पासवर्ड रीसेट लिंक अमान्य है या उसकी समय-सीमा समाप्त हो गई है, कृपया नया लिंक मंगाएँ।',
    sms_invalid_phone: 'फ़ोन नंबर का प्रारूप अमान्य है।',
    sms_missing_phone: 'फ़ोन नंबर आवश्यक है।',
    sms_too_many_requests: 'बहुत अधिक अनुरोध, कृपया 5 मिनट बाद पुनः प्रयास करें।',
    sms_unknown: 'अज्ञात त्रुटि, कृपया पुनः प्रयास करें।',
    sms_invalid_code: 'सत्यापन कोड अमान्य है।',
    sms_missing_code: 'कृपया सत्यापन कोड दर्ज करें।',
    sms_captcha_failed: 'कैप्चा जाँच विफल रही या डोमेन अधिकृत नहीं है।',
    sms_quota_exceeded: 'संदेश सीमा समाप्त, कृपया ग्राहक सेवा से संपर्क करें।',
    sms_operation_not_allowed: 'यह कार्य अनुमत नहीं है, कृपया ग्राहक सेवा से संपर्क करें।',
    sms_code_expired: 'सत्यापन कोड की समय-सीमा समाप्त, कृपया दोबारा भेजें।',
    sms_popup_closed: 'लॉग इन विफल रहा। कृपया पुनः प्रयास करें।',
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
    enc_invalid: 'The encrypted data could not be read; please refresh the page.',
    invalid_credentials: 'The username or password is wrong.',
    account_locked: 'Too many wrong attempts; the account is locked for a few minutes.',
    account_disabled: 'This account is disabled; please contact customer service.',
    captcha_invalid: 'The captcha is wrong.',
    verification_required: 'Please complete verification first.',
    session_expired: 'Your session has ended; please log in again.',
    username_taken: 'This username is already in use.',
    mobile_taken: 'This mobile number is already registered.',
    email_taken: 'This e-mail is already registered.',
    affiliate_invalid: 'Invalid invitation code.',
    terms_required: 'Please accept the terms and conditions.',
    age_required: 'Please confirm that you are 18 or older.',
    password_wrong: 'The current password is wrong.',
    password_mismatch: 'The two passwords do not match.',
    email_not_found: 'The username or e-mail does not exist.',
    two_factor_required: 'Logging in from this new IP needs an extra verification.',
    two_factor_invalid: 'The verification code is wrong.',
    social_login_failed: 'Social login failed; please try again.',
    freeplay_disabled: 'Free play is not available.',
    register_method_disabled: 'This way of registering is not available.',
    reset_token_invalid:
      'The password reset link is invalid or has expired; please ask for a new one.',
    sms_invalid_phone: 'The phone number format is invalid.',
    sms_missing_phone: 'A phone number is required.',
    sms_too_many_requests: 'Too many requests; please try again after 5 minutes.',
    sms_unknown: 'Unknown error; please try again.',
    sms_invalid_code: 'The verification code is invalid.',
    sms_missing_code: 'Please enter the verification code.',
    sms_captcha_failed: 'The captcha check failed or the domain is not authorised.',
    sms_quota_exceeded: 'Message quota exceeded; please contact customer service.',
    sms_operation_not_allowed: 'This operation is not allowed; please contact customer service.',
    sms_code_expired: 'The verification code has expired; please send a new one.',
    sms_popup_closed: 'Login failure. Please try again.',
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
    enc_invalid: 'এনক্রিপ্ট করা ডেটা পড়া যায়নি, অনুগ্রহ করে পৃষ্ঠাটি রিফ্রেশ করুন।',
    invalid_credentials: 'ব্যবহারকারীর নাম বা পাসওয়ার্ড ভুল।',
    account_locked: 'অনেকবার ভুল চেষ্টা, অ্যাকাউন্ট কয়েক মিনিটের জন্য লক করা হয়েছে।',
    account_disabled: 'এই অ্যাকাউন্টটি নিষ্ক্রিয়, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
    captcha_invalid: 'ক্যাপচা ভুল।',
    verification_required: 'অনুগ্রহ করে আগে যাচাই সম্পূর্ণ করুন।',
    session_expired: 'আপনার সেশন শেষ হয়েছে, অনুগ্রহ করে আবার লগ ইন করুন।',
    username_taken: 'এই ব্যবহারকারীর নাম ইতিমধ্যে ব্যবহৃত।',
    mobile_taken: 'এই মোবাইল নম্বর ইতিমধ্যে নিবন্ধিত।',
    email_taken: 'এই ই-মেল ইতিমধ্যে নিবন্ধিত।',
    affiliate_invalid: 'আমন্ত্রণ কোডটি সঠিক নয়।',
    terms_required: 'অনুগ্রহ করে শর্তাবলী গ্রহণ করুন।',
    age_required: 'অনুগ্রহ করে নিশ্চিত করুন যে আপনার বয়স ১৮ বা তার বেশি।',
    password_wrong: 'বর্তমান পাসওয়ার্ড ভুল।',
    password_mismatch: 'দুটি পাসওয়ার্ড মেলেনি।',
    email_not_found: 'ব্যবহারকারীর নাম বা ই-মেল নেই।',
    two_factor_required: 'এই নতুন IP থেকে লগ ইনের জন্য অতিরিক্ত যাচাই প্রয়োজন।',
    two_factor_invalid: 'যাচাই কোড ভুল।',
    social_login_failed: 'সোশ্যাল লগ ইন ব্যর্থ হয়েছে, আবার চেষ্টা করুন।',
    freeplay_disabled: 'ফ্রি প্লে উপলব্ধ নয়।',
    register_method_disabled: 'নিবন্ধনের এই পদ্ধতিটি এখন উপলব্ধ নয়।',
    reset_token_invalid: 'পাসওয়ার্ড রিসেট লিংকটি অবৈধ বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে নতুন লিংক চান।',
    sms_invalid_phone: 'ফোন নম্বরের বিন্যাস সঠিক নয়।',
    sms_missing_phone: 'ফোন নম্বর প্রয়োজন।',
    sms_too_many_requests: 'অনেক বেশি অনুরোধ, ৫ মিনিট পরে আবার চেষ্টা করুন।',
    sms_unknown: 'অজানা ত্রুটি, আবার চেষ্টা করুন।',
    sms_invalid_code: 'যাচাই কোডটি সঠিক নয়।',
    sms_missing_code: 'অনুগ্রহ করে যাচাই কোড লিখুন।',
    sms_captcha_failed: 'ক্যাপচা যাচাই ব্যর্থ বা ডোমেন অনুমোদিত নয়।',
    sms_quota_exceeded: 'বার্তার সীমা শেষ, গ্রাহক সেবায় যোগাযোগ করুন।',
    sms_operation_not_allowed: 'এই কাজটি অনুমোদিত নয়, গ্রাহক সেবায় যোগাযোগ করুন।',
    sms_code_expired: 'যাচাই কোডের মেয়াদ শেষ, আবার পাঠান।',
    sms_popup_closed: 'লগ ইন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।',
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
