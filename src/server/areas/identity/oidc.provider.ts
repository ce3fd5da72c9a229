import * as oidc from 'openid-client';
import { socialProviders, type SocialProvider } from '../../../contract/identity.ts';
import type { Config } from '../../config.ts';

/** One OAuth2/OpenID Connect provider (Google, Facebook, ...) as the configuration names it. */
export type OidcProviderSettings = {
  /** Its discovery document is at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Used when the discovery document names no token endpoint (Facebook's names none). */
  fallbackTokenEndpoint: string | null;
  timeoutMs: number;
};

/** The person the provider vouched for, from its verified ID token. */
export type OidcIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
};

/** What one sign-in keeps between the redirect and the callback. */
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

export type OidcClient = {
  /** The provider's authorization URL, with PKCE (S256), state and nonce. */
  authorizationUrl(redirectUri: string, checks: OidcChecks): Promise<URL>;
  /**
   * Checks the callback (state, issuer), trades the code with the PKCE verifier and validates
   * the ID token (signature, issuer, audience, expiry, nonce).
   */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
};

/** A failure of the provider or of a check; `reason` is safe to log (no code, no token). */
export class OidcError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: ErrorOptions) {
    super(`oidc: ${reason}`, options);
    this.name = 'OidcError';
    this.reason = reason;
  }
}

/** A fresh PKCE verifier, state and nonce for one sign-in. */
export function newChecks(): OidcChecks {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The library's error code and name only: its messages may quote the provider's answer. */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `provider:${error.error}`;
  if (error instanceof oidc.AuthorizationResponseError) return `provider:${error.error}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    // A failed claim check names the claim (nonce, iss, aud), never its value.
    let claim: unknown;
    for (let cause: unknown = error.cause; cause && typeof cause === 'object';) {
      claim ??= (cause as { claim?: unknown }).claim;
      cause = (cause as { cause?: unknown }).cause;
    }
    const name = typeof code === 'string' ? code : error.name;
    return typeof claim === 'string' ? `${name}:${claim}` : name;
  }
  return 'unknown';
}

/**
 * A client of one provider with openid-client: discovery once (again after a failure), the
 * authorization code flow with PKCE, state and nonce, client_secret_post.
 *
 * @example
 * const google = createOidcClient({ issuer: 'https://accounts.google.com', clientId, clientSecret,
 *   scope: 'openid email profile', fallbackTokenEndpoint: null, timeoutMs: 10_000 });
 * const url = await google.authorizationUrl(redirectUri, newChecks());
 */
export function createOidcClient(settings: OidcProviderSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | null = null;

  async function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuer);
    // Plain HTTP only for a local provider (the configuration refuses it in production).
    const insecure = issuer.protocol === 'http:';
    const found = await oidc.discovery(
      issuer,
      settings.clientId,
      undefined,
      oidc.ClientSecretPost(settings.clientSecret),
      {
        timeout: settings.timeoutMs,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
    const { supportsPKCE: _method, ...metadata } = found.serverMetadata();
    let result = found;
    if (!metadata.token_endpoint && settings.fallbackTokenEndpoint) {
      result = new oidc.Configuration(
        { ...metadata, token_endpoint: settings.fallbackTokenEndpoint },
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
      );
      if (insecure) oidc.allowInsecureRequests(result);
    }
    result.timeout = settings.timeoutMs;
    return result;
  }

  function config(): Promise<oidc.Configuration> {
    if (!configuration) {
      configuration = discover().catch((error: unknown) => {
        configuration = null;
        throw new OidcError(`discovery:${reasonOf(error)}`, { cause: error });
      });
    }
    return configuration;
  }

  return {
    async authorizationUrl(redirectUri, checks) {
      const found = await config();
      return oidc.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: settings.scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async finish(callbackUrl, checks) {
      const found = await config();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(found, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OidcError(reasonOf(error), { cause: error });
      }
      if (!claims?.sub) throw new OidcError('no_subject');
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        preferredUsername: text(claims.preferred_username),
      };
    },
  };
}

/** What each provider is asked for: its OpenID Connect identity, e-mail and name. */
const scopes: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
};

/** Provider requests give up after this long; the player sees the social login error. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** A client for each social login provider the configuration names (a client id). */
export function createSocialClients(config: Pick<Config, 'social'>) {
  const clients: Partial<Record<SocialProvider, OidcClient>> = {};
  for (const provider of socialProviders) {
    const settings = config.social[provider];
    if (!settings) continue;
    clients[provider] = createOidcClient({
      ...settings,
      scope: scopes[provider],
      timeoutMs: PROVIDER_TIMEOUT_MS,
    });
  }
  return clients;
}
