import type { RequestContext } from '../../areas/identity/identity.service.ts';
import { CAPTCHA_CLIENT_COOKIE } from '../../areas/verification/captcha.routes.ts';

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
