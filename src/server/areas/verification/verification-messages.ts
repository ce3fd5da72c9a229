import type { Language } from '../../../contract/constants.ts';
import type { VerificationPurpose } from './verification.schema.ts';

const purposeWords: Record<Language, Record<VerificationPurpose, string>> = {
  hi: {
    register: 'पंजीकरण',
    login: 'लॉग इन',
    resetPassword: 'पासवर्ड रीसेट',
    bindPhone: 'फ़ोन नंबर जोड़ने',
    twoFactor: 'लॉग इन सत्यापन',
    bindEmail: 'ई-मेल पता जोड़ने',
  },
  en: {
    register: 'registration',
    login: 'login',
    resetPassword: 'password reset',
    bindPhone: 'phone binding',
    twoFactor: 'login verification',
    bindEmail: 'e-mail binding',
  },
  bn: {
    register: 'নিবন্ধন',
    login: 'লগ ইন',
    resetPassword: 'পাসওয়ার্ড রিসেট',
    bindPhone: 'ফোন নম্বর যুক্ত করা',
    twoFactor: 'লগ ইন যাচাই',
    bindEmail: 'ই-মেল ঠিকানা যুক্ত করা',
  },
};

/** The SMS carrying a one-time code, in the member's language. */
export function codeSmsText(
  language: Language,
  site: string,
  purpose: VerificationPurpose,
  code: string,
  minutes: number,
): string {
  const what = purposeWords[language][purpose];
  switch (language) {
    case 'en':
      return `${site}: your ${what} code is ${code}. It is valid for ${minutes} min. Never share it with anyone.`;
    case 'bn':
      return `${site}: আপনার ${what} কোড ${code}। এটি ${minutes} মিনিট বৈধ। কাউকে এই কোড জানাবেন না।`;
    default:
      return `${site}: आपका ${what} कोड ${code} है। यह ${minutes} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const resetTexts: Record<
  Language,
  { subject: string; hello: string; body: string; button: string; ignore: string }
> = {
  hi: {
    subject: 'पासवर्ड रीसेट करें',
    hello: 'नमस्ते {user},',
    body: 'आपके खाते के पासवर्ड को रीसेट करने का अनुरोध मिला है। नया पासवर्ड सेट करने के लिए यह लिंक खोलें। लिंक {minutes} मिनट तक और केवल एक बार काम करेगा।',
    button: 'नया पासवर्ड सेट करें',
    ignore: 'यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें; आपका पासवर्ड नहीं बदलेगा।',
  },
  en: {
    subject: 'Reset your password',
    hello: 'Hello {user},',
    body: 'We received a request to reset the password of your account. Open this link to set a new password. The link works for {minutes} minutes and only once.',
    button: 'Set a new password',
    ignore: 'If you did not ask for this, ignore this e-mail; your password stays the same.',
  },
  bn: {
    subject: 'আপনার পাসওয়ার্ড রিসেট করুন',
    hello: 'নমস্কার {user},',
    body: 'আপনার অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার একটি অনুরোধ পেয়েছি। নতুন পাসওয়ার্ড সেট করতে এই লিংকটি খুলুন। লিংকটি {minutes} মিনিট এবং শুধু একবার কাজ করবে।',
    button: 'নতুন পাসওয়ার্ড সেট করুন',
    ignore: 'আপনি এই অনুরোধ না করে থাকলে ই-মেলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড বদলাবে না।',
  },
};

/** The password reset e-mail: subject, plain text and HTML with the link. */
export function resetEmail(
  language: Language,
  site: string,
  username: string,
  link: string,
  minutes: number,
) {
  const t = resetTexts[language];
  const fill = (text: string) =>
    text.replace('{user}', username).replace('{minutes}', String(minutes));
  const subject = `${site}: ${t.subject}`;
  const text = `${fill(t.hello)}\n\n${fill(t.body)}\n\n${link}\n\n${t.ignore}\n\n${site}`;
  const html =
    `<p>${escapeHtml(fill(t.hello))}</p><p>${escapeHtml(fill(t.body))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>` +
    `<p>${escapeHtml(t.ignore)}</p><p>${escapeHtml(site)}</p>`;
  return { subject, text, html };
}

const codeSubjects: Record<Language, string> = {
  hi: 'आपका सत्यापन कोड',
  en: 'Your verification code',
  bn: 'আপনার যাচাই কোড',
};

/** The e-mail carrying a one-time code: the SMS text as the body, in the member's language. */
export function codeEmail(
  language: Language,
  site: string,
  purpose: VerificationPurpose,
  code: string,
  minutes: number,
) {
  const text = codeSmsText(language, site, purpose, code, minutes);
  return {
    subject: `${site}: ${codeSubjects[language]}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}
