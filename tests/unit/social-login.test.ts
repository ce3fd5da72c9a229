import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHttpClient } from '../../src/services/http-client.ts';
import {
  readSocialReturn,
  socialStartUrl,
  withoutSocialReturn,
} from '../../src/services/social-login.ts';
import { createSocialLoginService } from '../../src/services/social-login.service.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { createI18n } from '../../src/services/i18n.ts';

const BASE = 'http://site.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const social = () =>
  createSocialLoginService(
    createHttpClient({ baseUrl: BASE, getToken: () => null, getLanguage: () => 'en' }),
  );
const code = 'c'.repeat(43);

describe('social login client', () => {
  it('starts at the provider path and reads what the callback left in the URL', () => {
    expect(socialStartUrl('google')).toBe('/wps/session/social/google');
    expect(readSocialReturn(`?social=${code}`)).toEqual({ code, error: null });
    expect(readSocialReturn('?socialError=member_no_enter')).toEqual({
      code: null,
      error: 'member_no_enter',
    });
    expect(readSocialReturn('?social=<script>&socialError=<b>')).toEqual({
      code: null,
      error: null,
    });
    expect(withoutSocialReturn(`${BASE}/?social=${code}&lang=en#top`)).toBe('/?lang=en#top');
  });

  it('lists the offered providers and trades the one-time code for a login result', async () => {
    const result = {
      token: 'tok-1',
      firstTimeLogin: false,
      passwordExpired: false,
      previousLoginAt: null,
      challenge: null,
    };
    let body: unknown = null;
    server.use(
      http.get(`${BASE}${identityPaths.socialProviders}`, () =>
        HttpResponse.json({ success: true, value: { providers: ['google'] } }),
      ),
      http.post(`${BASE}${identityPaths.socialExchange}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, value: result });
      }),
    );
    await expect(social().providers()).resolves.toEqual(['google']);
    await expect(social().exchangeSocialCode(code)).resolves.toEqual(result);
    expect(body).toEqual({ code });
  });

  it('fails with the server code when the code was already used', async () => {
    server.use(
      http.post(`${BASE}${identityPaths.socialExchange}`, () =>
        HttpResponse.json(
          { success: false, code: 'social_login_failed', message: 'Social login failed' },
          { status: 400 },
        ),
      ),
    );
    await expect(social().exchangeSocialCode(code)).rejects.toMatchObject({
      code: 'social_login_failed',
      status: 400,
    });
  });

  it('shows a cancelled provider sign-in (sms_popup_closed) as a login failure in every language', async () => {
    expect(readSocialReturn('?socialError=sms_popup_closed').error).toBe('sms_popup_closed');
    const i18n = await createI18n('en');
    const key = 'identity:login.socialError.sms_popup_closed';
    const texts: Record<string, string> = {};
    for (const language of ['en', 'hi', 'bn'] as const) {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces('identity');
      texts[language] = i18n.t(key);
    }
    expect(texts).toEqual({
      en: 'Login failure. Please try again.',
      hi: 'लॉग इन विफल रहा। कृपया पुनः प्रयास करें।',
      bn: 'লগ ইন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।',
    });
  });
});
