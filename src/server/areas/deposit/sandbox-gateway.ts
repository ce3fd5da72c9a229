import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '../../../contract/constants.ts';
import { formatMoney } from '../../../contract/money.ts';
import { localeOf } from '../../../contract/locale.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  closeSandboxPayment,
  findSandboxPayment,
  findSandboxPaymentByReference,
  insertSandboxPayment,
  type SandboxPaymentRow,
} from './deposit.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { signWebhook } from './payment.provider.ts';

/** Where this server serves the sandbox gateway (development and demo only). */
export const sandboxGatewayBase = '/sandbox/gateway';

export const sandboxCreateBodySchema = z.object({
  merchantReference: z.string().min(1).max(128),
  amount: z.string().regex(/^[1-9]\d{0,14}$/),
  currency: z.string().length(3),
  returnUrl: z.string().min(1).max(2000),
  notifyUrl: z.url({ protocol: /^https?$/ }),
});

/** A created payment: where to send the payer. */
export const sandboxPaymentSchema = z.object({ paymentId: z.uuid(), redirectUrl: z.string() });

const texts: Record<Language, Record<string, string>> = {
  en: {
    banner: 'SANDBOX — test payment gateway, no real money moves',
    intro:
      'This page stands in for a payment provider during development and demos. Approving credits the deposit; declining fails it.',
    order: 'Merchant order',
    amount: 'Amount',
    approve: 'Approve payment',
    decline: 'Decline payment',
    closed: 'This payment is closed: {status}.',
    paid: 'approved',
    failed: 'declined',
    notFound: 'Payment not found.',
    deliveryFailed: 'The site could not be told of the result. Try again.',
    retry: 'Send the result again',
    back: 'Back to the site',
    operatorOnly:
      'Only an operator approves or declines: the browser asks for the operator name and password.',
  },
  hi: {
    banner: 'सैंडबॉक्स — परीक्षण भुगतान गेटवे, कोई असली पैसा नहीं',
    intro:
      'यह पेज विकास और डेमो के दौरान भुगतान प्रदाता की जगह लेता है। स्वीकृत करने पर जमा राशि जुड़ती है; अस्वीकार करने पर जमा विफल होता है।',
    order: 'मर्चेंट ऑर्डर',
    amount: 'राशि',
    approve: 'भुगतान स्वीकृत करें',
    decline: 'भुगतान अस्वीकार करें',
    closed: 'यह भुगतान बंद है: {status}।',
    paid: 'स्वीकृत',
    failed: 'अस्वीकृत',
    notFound: 'भुगतान नहीं मिला।',
    deliveryFailed: 'साइट को परिणाम नहीं बताया जा सका। पुनः प्रयास करें।',
    retry: 'परिणाम फिर से भेजें',
    back: 'साइट पर वापस जाएँ',
    operatorOnly: 'केवल ऑपरेटर स्वीकृत या अस्वीकार करता है: ब्राउज़र ऑपरेटर का नाम और पासवर्ड पूछेगा।',
  },
  bn: {
    banner: 'স্যান্ডবক্স — পরীক্ষামূলক পেমেন্ট গেটওয়ে, কোনো আসল টাকা লেনদেন হয় না',
    intro:
      'এই পেজটি ডেভেলপমেন্ট ও ডেমোর সময় পেমেন্ট প্রদানকারীর জায়গা নেয়। অনুমোদন করলে ডিপোজিট যোগ হয়; প্রত্যাখ্যান করলে ডিপোজিট ব্যর্থ হয়।',
    order: 'মার্চেন্ট অর্ডার',
    amount: 'পরিমাণ',
    approve: 'পেমেন্ট অনুমোদন করুন',
    decline: 'পেমেন্ট প্রত্যাখ্যান করুন',
    closed: 'এই পেমেন্টটি বন্ধ: {status}।',
    paid: 'অনুমোদিত',
    failed: 'প্রত্যাখ্যাত',
    notFound: 'পেমেন্ট পাওয়া যায়নি।',
    deliveryFailed: 'সাইটকে ফলাফল জানানো যায়নি। আবার চেষ্টা করুন।',
    retry: 'ফলাফল আবার পাঠান',
    back: 'সাইটে ফিরে যান',
    operatorOnly: 'শুধু অপারেটর অনুমোদন বা প্রত্যাখ্যান করেন: ব্রাউজার অপারেটরের নাম ও পাসওয়ার্ড চাইবে।',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function pageHtml(language: Language, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(t.banner ?? '')}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f1e8;color:#1d1d1f}
@media (prefers-color-scheme:dark){body{background:#1b1b1f;color:#f2f2f2}.card{background:#2a2a30!important}}
.banner{background:repeating-linear-gradient(45deg,#ffcc00,#ffcc00 16px,#1d1d1f 16px,#1d1d1f 32px);padding:6px}
.banner p{margin:0;background:#ffcc00;color:#1d1d1f;font-weight:700;text-align:center;padding:10px;font-size:1.1rem}
main{max-width:480px;margin:24px auto;padding:0 16px}.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 8px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{font-weight:600}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:16px}button,a.button{font:inherit;padding:12px 18px;border-radius:8px;border:0;cursor:pointer;text-decoration:none}
.approve{background:#1f7a3d;color:#fff}.decline{background:#b3261e;color:#fff}.neutral{background:#555;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #0a66ff;outline-offset:2px}
</style></head>
<body><div class="banner" role="banner"><p data-testid="sandbox-banner">${escapeHtml(t.banner ?? '')}</p></div>
<main><div class="card">${body}</div></main></body></html>`;
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

/**
 * The sandbox payment gateway: what a real gateway does, served by this server for development
 * and the `npm start` demo. Merchants create payments with the bearer key; the payer approves or
 * declines on its page; the result goes to the merchant's notifyUrl over HTTP, signed with the
 * webhook secret exactly as a real gateway signs it.
 */
export function createSandboxGateway(deps: {
  db: Db;
  clock: Clock;
  key: string;
  webhookSecret: string;
  timeoutMs: number;
}) {
  const { db } = deps;
  const t = (language: Language, key: string) => texts[language][key] ?? key;

  async function deliver(payment: SandboxPaymentRow, status: 'paid' | 'failed') {
    const body = JSON.stringify({
      // The same event id on every delivery of one result, as gateways retry.
      eventId: `${payment.id}:${status}`,
      paymentId: payment.id,
      merchantReference: payment.merchantReference,
      status,
      amount: payment.amount.toString(),
      currency: payment.currency,
    });
    try {
      const response = await fetch(payment.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signWebhook(deps.webhookSecret, body, deps.clock()),
        },
        body,
        signal: AbortSignal.timeout(deps.timeoutMs),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }

  return {
    /** Bearer key check in constant time is not needed for the sandbox's demo key; exact match. */
    authorized: (header: string | undefined) => header === `Bearer ${deps.key}`,

    async createPayment(body: z.infer<typeof sandboxCreateBodySchema>) {
      // One payment per merchant reference, as the Idempotency-Key of a real gateway gives.
      const existing = await findSandboxPaymentByReference(db, body.merchantReference);
      const payment =
        existing ??
        (await insertSandboxPayment(db, {
          id: randomUUID(),
          merchantReference: body.merchantReference,
          amount: BigInt(body.amount),
          currency: body.currency,
          returnUrl: body.returnUrl,
          notifyUrl: body.notifyUrl,
          createdAt: deps.clock(),
        }));
      return {
        paymentId: payment.id,
        redirectUrl: `${sandboxGatewayBase}/pay/${payment.id}`,
      };
    },

    async page(paymentId: string, language: Language): Promise<{ status: number; html: string }> {
      const payment = await findSandboxPayment(db, paymentId);
      if (!payment)
        return { status: 404, html: pageHtml(language, `<p>${t(language, 'notFound')}</p>`) };
      const details = `<dl><dt>${t(language, 'order')}</dt><dd>${escapeHtml(payment.merchantReference)}</dd>
<dt>${t(language, 'amount')}</dt><dd data-testid="sandbox-amount">${escapeHtml(formatMoney(payment.amount, { currencyCode: payment.currency, locale: localeOf(language) }))}</dd></dl>`;
      const action = (outcome: 'approve' | 'decline') =>
        `${sandboxGatewayBase}/pay/${payment.id}/${outcome}?lang=${language}`;
      if (payment.status !== 'open') {
        const retry = `<form method="post" action="${action(payment.status === 'paid' ? 'approve' : 'decline')}"><button class="neutral" type="submit">${t(language, 'retry')}</button></form>`;
        return {
          status: 200,
          html: pageHtml(
            language,
            `<p>${t(language, 'closed').replace('{status}', t(language, payment.status))}</p>${details}<div class="actions">${retry}<a class="button neutral" href="${escapeHtml(payment.returnUrl)}">${t(language, 'back')}</a></div>`,
          ),
        };
      }
      return {
        status: 200,
        html: pageHtml(
          language,
          `<h1>${t(language, 'banner')}</h1><p>${t(language, 'intro')}</p><p data-testid="sandbox-operator-only">${t(language, 'operatorOnly')}</p>${details}
<div class="actions"><form method="post" action="${action('approve')}"><button class="approve" type="submit">${t(language, 'approve')}</button></form>
<form method="post" action="${action('decline')}"><button class="decline" type="submit">${t(language, 'decline')}</button></form></div>`,
        ),
      };
    },

    /**
     * The payer's decision: closes the payment (once) and tells the merchant. A closed payment
     * only re-sends its own result. Answers where to send the payer, or the page to show.
     */
    async decide(
      paymentId: string,
      outcome: 'approve' | 'decline',
      language: Language,
    ): Promise<{ redirect: string } | { status: number; html: string }> {
      const status = outcome === 'approve' ? 'paid' : 'failed';
      const payment =
        (await closeSandboxPayment(db, paymentId, status)) ??
        (await findSandboxPayment(db, paymentId));
      if (!payment) return this.page(paymentId, language);
      if (payment.status !== status) return this.page(paymentId, language);
      if (await deliver(payment, status)) return { redirect: payment.returnUrl };
      const page = await this.page(paymentId, language);
      return {
        status: 502,
        html: page.html.replace(
          '<div class="card">',
          `<div class="card"><p role="alert">${t(language, 'deliveryFailed')}</p>`,
        ),
      };
    },
  };
}
