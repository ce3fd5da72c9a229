import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../../platform/hash-token.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  identityPaths,
  memberTypes,
  socialProviders,
  socialQueryKeys,
  type LoginResult,
  type SocialProvider,
} from '../../../contract/identity.ts';
import type { ErrorCode } from '../../../contract/envelope.ts';
import { isModuleEnabled, moduleIds } from '../../../contract/system.ts';
import { insertMember, type MemberRow } from './members.repository.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import {
  consumeFlow,
  consumeTicket,
  deleteEndedBefore,
  findIdentity,
  insertFlow,
  insertIdentity,
  insertTicket,
  lockIdentity,
  touchIdentity,
} from './social.repository.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { openLoginSession } from './login-bookkeeping.ts';
import { newChecks, OidcError, type OidcClient, type OidcIdentity } from './oidc.provider.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http/client-context.ts';
import type { SessionService } from './session.service.ts';
import type { SystemService } from '../system/system.port.ts';

/** A sign-in must come back from the provider within this time; its state is used once. */
export const SOCIAL_FLOW_MINUTES = 10;
/** The app trades the one-time code right after the redirect. */
export const SOCIAL_TICKET_MINUTES = 2;
/** The longest callback query we read (code, state, iss and the provider's extras). */
const MAX_CALLBACK_QUERY = 8192;

const moduleOf: Record<SocialProvider, string> = {
  google: moduleIds.googleLogin,
  facebook: moduleIds.facebookLogin,
};

const randomToken = () => randomBytes(32).toString('base64url');
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A browser binding as the cookie carries it; anything else counts as none. */
export const isBinding = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);

const canEnter = (member: MemberRow) =>
  member.status === 'active' && (memberTypes as readonly number[]).includes(member.type);

/**
 * A username from what the provider says (nickname, e-mail local part, name): letters and digits,
 * a letter first, 6 to 16 characters; random digits make it unique.
 */
function usernameBase(provider: SocialProvider, person: OidcIdentity): string {
  const emailName = person.email?.split('@')[0] ?? null;
  const source = person.preferredUsername ?? emailName ?? person.name ?? '';
  let base = source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (!/^[a-z]/.test(base)) base = `${provider === 'google' ? 'g' : 'fb'}${base}`;
  return base.slice(0, 12);
}

const withDigits = (base: string, digits: number) =>
  `${base}${String(randomInt(0, 10 ** digits)).padStart(digits, '0')}`;

export type SocialLoginDeps = {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionService, 'start'>;
  system: Pick<SystemService, 'whitelabel'>;
  /** The configured providers' clients; a provider without one is not offered. */
  clients: Partial<Record<SocialProvider, OidcClient>>;
  /** Base of the callback URL registered at each provider. */
  publicUrl: string;
  log: { warn(object: object, message: string): void };
};

/** Where the browser goes next; `binding` is the value of the flow cookie to set, if any. */
export type SocialRedirect = { location: string; binding: string | null };

/**
 * Social login with OAuth2/OpenID Connect (Google, Facebook). `start` keeps the PKCE verifier,
 * state and nonce server side (found by the state's hash, 10 minutes, single use, bound to the
 * browser by an httpOnly cookie) and sends the browser to the provider. `callback` checks the
 * state and the browser, trades the code, verifies the ID token and its nonce, finds or creates
 * the member keyed on (provider, subject), and hands the app a one-time code. `exchange` trades
 * that code, once, for a session opened like a password login. Every outcome tied to a flow
 * of this server or to a member is audited; anonymous rejections are logged only.
 */
export function createSocialLoginService(deps: SocialLoginDeps) {
  const { db, clock } = deps;

  const redirectUri = (provider: SocialProvider) =>
    `${deps.publicUrl}${identityPaths.socialCallback.replace(':provider', provider)}`;

  async function offered(): Promise<SocialProvider[]> {
    const tree = await deps.system.whitelabel();
    return socialProviders.filter(
      (provider) =>
        deps.clients[provider] !== undefined && isModuleEnabled(tree, moduleOf[provider]),
    );
  }

  /** The provider's client when it is offered; null for an unknown, unconfigured or off one. */
  async function clientOf(name: string) {
    const provider = socialProviders.find((known) => known === name);
    if (!provider || !(await offered()).includes(provider)) return null;
    const client = deps.clients[provider];
    return client ? { provider, client } : null;
  }

  const failedLocation = (code: ErrorCode) =>
    `/login?${socialQueryKeys.error}=${encodeURIComponent(code)}`;

  async function fail(
    provider: string,
    context: RequestContext,
    reason: string,
    code: ErrorCode = 'social_login_failed',
  ): Promise<SocialRedirect> {
    await insertAudit(db, {
      actor: `ip:${context.ip}`,
      action: 'session.social_failed',
      target: `social:${provider.slice(0, 32)}`,
      before: null,
      after: { reason },
    });
    return { location: failedLocation(code), binding: null };
  }

  /**
   * A rejection before any flow of this server was found (unknown provider, no or unknown
   * state): anyone can send these without limit, so they are logged, never written to the
   * audit table (which would grow by one row per request).
   */
  function rejectAnonymous(provider: string, context: RequestContext, reason: string) {
    deps.log.warn(
      { provider: provider.slice(0, 32), ip: context.ip, reason },
      'social login refused before any flow',
    );
    return { location: failedLocation('social_login_failed'), binding: null };
  }

  /** The member of (provider, subject), made on the first sign-in; in the caller's transaction. */
  async function memberFor(tx: Db, provider: SocialProvider, person: OidcIdentity, ip: string) {
    const now = clock();
    await lockIdentity(tx, provider, person.subject);
    const known = await findIdentity(tx, provider, person.subject);
    if (known) {
      await touchIdentity(tx, known.id, now);
      const member = await findMemberById(tx, known.memberId);
      if (!member) throw new Error('social identity without its member');
      return { member, created: false };
    }
    const base = usernameBase(provider, person);
    const candidates = [
      base.length >= 6 ? base : withDigits(base, 6 - base.length + 2),
      withDigits(base, 4),
      withDigits(base, 4),
      withDigits(base, 6),
      withDigits(base.slice(0, 2), 12),
    ];
    let member: MemberRow | undefined;
    for (const username of candidates) {
      member = await insertMember(tx, {
        username,
        nickname: person.name?.slice(0, 64) ?? '',
        type: 0,
        // No password: this account signs in through its provider.
        passwordHash: null,
        createdAt: now,
        email: person.email && person.emailVerified ? person.email.slice(0, 254) : null,
      });
      if (member) break;
    }
    if (!member) throw new Error('no free username for a social account');
    await insertIdentity(tx, {
      provider,
      subject: person.subject,
      memberId: member.id,
      createdAt: now,
      lastLoginAt: now,
    });
    await insertAudit(tx, {
      actor: `member:${member.id}`,
      action: 'member.register',
      target: `member:${member.id}`,
      before: null,
      after: { username: member.username, ip, registerMethod: 'SOCIAL', provider },
    });
    return { member, created: true };
  }

  return {
    /** The providers this site offers now (configured, module on). */
    providers: offered,

    /** Where to send the browser to sign in with `name`; 404 social_login_failed if not offered. */
    async start(
      name: string,
      binding: string | null,
      context: RequestContext,
    ): Promise<SocialRedirect> {
      const found = await clientOf(name);
      if (!found) throw new AppError(404, 'social_login_failed');
      const { provider, client } = found;
      const checks = newChecks();
      let url: URL;
      try {
        url = await client.authorizationUrl(redirectUri(provider), checks);
      } catch (error) {
        const reason = error instanceof OidcError ? error.reason : 'authorization_url';
        return rejectAnonymous(provider, context, `provider_unavailable:${reason}`);
      }
      // A browser keeps its binding across flows, so two tabs can sign in at once.
      const browser = binding ?? randomToken();
      const now = clock();
      await db.transaction(async (tx) => {
        await deleteEndedBefore(tx, now);
        await insertFlow(tx, {
          stateHash: hashToken(checks.state),
          provider,
          bindingHash: hashToken(browser),
          codeVerifier: checks.codeVerifier,
          nonce: checks.nonce,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SOCIAL_FLOW_MINUTES * 60_000),
        });
      });
      return { location: url.href, binding: browser };
    },

    /**
     * The provider's redirect back (`query` as it came, without '?'). Always a redirect: to the
     * app with a one-time code, or to /login with an error code.
     */
    async callback(
      name: string,
      query: string,
      binding: string | null,
      context: RequestContext,
    ): Promise<SocialRedirect> {
      const found = await clientOf(name);
      if (!found) return rejectAnonymous(name, context, 'not_offered');
      const { provider, client } = found;
      if (query.length > MAX_CALLBACK_QUERY) {
        return rejectAnonymous(provider, context, 'query_too_long');
      }
      const params = new URLSearchParams(query);
      const state = params.get('state');
      if (!state || state.length > 512) return rejectAnonymous(provider, context, 'no_state');
      // The state is used up here whatever follows: a replayed callback finds nothing.
      const flow = await consumeFlow(db, hashToken(state), clock());
      if (!flow) return rejectAnonymous(provider, context, 'unknown_state');
      if (flow.provider !== provider) return fail(provider, context, 'provider_mismatch');
      if (!binding || !sameHash(hashToken(binding), flow.bindingHash)) {
        return fail(provider, context, 'browser_mismatch');
      }
      const providerError = params.get('error');
      if (providerError) {
        // access_denied: the player closed or cancelled the provider's sign-in (the spec's
        // "popup closed by user", shown as 'Login failure. Please try again').
        const code = providerError === 'access_denied' ? 'sms_popup_closed' : 'social_login_failed';
        return fail(provider, context, `provider:${providerError.slice(0, 64)}`, code);
      }
      let person: OidcIdentity;
      try {
        person = await client.finish(new URL(`${redirectUri(provider)}?${query}`), {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (error) {
        const reason = error instanceof OidcError ? error.reason : 'token_exchange';
        return fail(provider, context, reason);
      }
      const ticket = randomToken();
      const outcome = await db.transaction(async (tx) => {
        const { member, created } = await memberFor(tx, provider, person, context.ip);
        if (!canEnter(member)) return { member, created, entered: false };
        const now = clock();
        await insertTicket(tx, {
          codeHash: hashToken(ticket),
          memberId: member.id,
          provider,
          bindingHash: flow.bindingHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SOCIAL_TICKET_MINUTES * 60_000),
        });
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'session.social_verified',
          target: `member:${member.id}`,
          before: null,
          after: { provider, created, ip: context.ip },
        });
        return { member, created, entered: true };
      });
      if (!outcome.entered) {
        return fail(
          provider,
          context,
          `no_enter:${outcome.member.status}:${outcome.member.type}`,
          outcome.member.status === 'disabled' ? 'account_disabled' : 'member_no_enter',
        );
      }
      return { location: `/?${socialQueryKeys.code}=${ticket}`, binding: null };
    },

    /** Trades the callback's one-time code, once, from the same browser, for a session. */
    async exchange(
      code: string,
      binding: string | null,
      context: RequestContext,
    ): Promise<LoginResult> {
      const now = clock();
      const result = await db.transaction(async (tx) => {
        if (!binding) return null;
        const ticket = await consumeTicket(tx, hashToken(code), hashToken(binding), now);
        if (!ticket) return null;
        const member = await findMemberById(tx, ticket.memberId);
        if (member?.status === 'disabled') throw new AppError(403, 'account_disabled');
        if (!member || !canEnter(member)) throw new AppError(403, 'member_no_enter');
        return openLoginSession(tx, deps.sessions, member, context, {
          now,
          mustChangePassword: false,
          passwordExpired: false,
          method: `social:${ticket.provider}`,
        });
      });
      if (!result) {
        // Anonymous and unbounded (any code, any browser): logged, not audited per request.
        deps.log.warn({ ip: context.ip, reason: 'social_code' }, 'social code exchange refused');
        throw new AppError(400, 'social_login_failed');
      }
      return result;
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
