import {
  identityPaths,
  loginResultSchema,
  socialProviderListSchema,
  type LoginResult,
  type SocialProvider,
} from '../contract/identity.ts';
import type { HttpClient } from './http-client.ts';

/**
 * Social login calls: the providers the server offers, and the one-time code's exchange for a
 * session (once; the flow's cookie goes with the same-origin request).
 *
 * @example
 * const social = createSocialLoginService(http);
 * const result = await social.exchangeSocialCode(code);
 */
export function createSocialLoginService(http: HttpClient) {
  return {
    providers: async (signal?: AbortSignal): Promise<SocialProvider[]> =>
      (await http.get(identityPaths.socialProviders, socialProviderListSchema, { signal }))
        .providers,

    exchangeSocialCode: (code: string): Promise<LoginResult> =>
      http.post(identityPaths.socialExchange, loginResultSchema, { body: { code } }),
  };
}

export type SocialLoginClient = ReturnType<typeof createSocialLoginService>;
