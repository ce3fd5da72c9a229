/** The cookie that names a browser's captcha client (set by the captcha route). */
export const CAPTCHA_CLIENT_COOKIE = 'cid';

/** The IP and captcha client of a request, as the identity services take them. */
export type RequestContext = { ip: string; captchaClientId: string | null };

/** The IP and captcha client of a request, as the identity service takes them. */
export function contextOf(request: {
  client: { ip: string };
  cookies: Record<string, string | undefined>;
}): RequestContext {
  const cid = request.cookies[CAPTCHA_CLIENT_COOKIE];
  return {
    ip: request.client.ip,
    captchaClientId: cid && /^[A-Za-z0-9_-]{22,64}$/.test(cid) ? cid : null,
  };
}
