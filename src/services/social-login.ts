import { identityPaths, socialQueryKeys } from '../contract/identity-paths.ts';
import type { SocialProvider } from '../contract/identity.ts';

/**
 * Where the browser goes to sign in with a provider: a full-page navigation (not fetch), since
 * the server answers with a redirect to the provider and sets the flow's httpOnly cookie.
 *
 * @example
 * window.location.assign(socialStartUrl('google'));
 */
export function socialStartUrl(provider: SocialProvider, baseUrl = ''): string {
  return baseUrl + identityPaths.socialStart.replace(':provider', encodeURIComponent(provider));
}

/** What the server's callback left in the app's URL: a one-time code, or an error code. */
export type SocialReturn = { code: string | null; error: string | null };

/**
 * Reads `?social=<code>` (on /) or `?socialError=<code>` (on /login) from a query string.
 *
 * @example
 * const back = readSocialReturn(window.location.search);
 */
export function readSocialReturn(search: string): SocialReturn {
  const params = new URLSearchParams(search);
  const code = params.get(socialQueryKeys.code);
  const error = params.get(socialQueryKeys.error);
  return {
    code: code && /^[A-Za-z0-9_-]{32,128}$/.test(code) ? code : null,
    error: error && /^[a-z_]{1,64}$/.test(error) ? error : null,
  };
}

/**
 * The same URL without the social login keys, for `history.replaceState`, so the one-time code
 * does not stay in the address bar or the history.
 */
export function withoutSocialReturn(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(socialQueryKeys.code);
  url.searchParams.delete(socialQueryKeys.error);
  return url.pathname + url.search + url.hash;
}

// The provider list and the code exchange (with their zod classic reply schemas) are in
// social-login.service.ts, loaded at their first call (issue 12).
export type { SocialLoginClient } from './social-login.service.ts';
