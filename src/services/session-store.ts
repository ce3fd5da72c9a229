import { constants, sessionKeys } from '../contract/constants.ts';
import type { MemberInfo } from '../contract/identity.ts';

// ---------------------------------------------------------------------------------------------
// The session in the browser: session storage keys of the spec and the remember-me cookie.

/** The keys a session writes; sign-out removes every session key but the merchant code. */
const memberKeys = [
  sessionKeys.token,
  sessionKeys.cpw,
  sessionKeys.username,
  sessionKeys.account,
  sessionKeys.isAgent,
  sessionKeys.nickname,
  sessionKeys.customerId,
  sessionKeys.toUpline,
  sessionKeys.memberLabel,
] as const;

export type SessionWrite = {
  /** A new token; null keeps the stored one. */
  token: string | null;
  member: MemberInfo | null;
  isAgent: boolean;
  cpw: boolean;
};

const rememberCookie = 'rememberUsername';

/**
 * Session storage under the spec's keys and the remember-me cookie (the last username for one
 * day, never the password). `store` is the browser's sessionStorage, `cookies` its document.
 */
export function createSessionStore(
  store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> | null,
  cookies: { cookie: string } | null,
) {
  const set = (key: string, value: string | null) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // A refused storage keeps the session for this page only.
    }
  };
  const get = (key: string): string | null => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  return {
    token: () => get(sessionKeys.token) || null,
    cpw: () => get(sessionKeys.cpw) === 'true',

    write({ token, member, isAgent, cpw }: SessionWrite): void {
      if (token !== null) set(sessionKeys.token, token);
      set(sessionKeys.cpw, String(cpw));
      set(sessionKeys.isAgent, String(isAgent));
      if (!member) return;
      set(sessionKeys.username, member.account);
      set(sessionKeys.account, member.account);
      set(sessionKeys.nickname, member.nickname);
      set(sessionKeys.customerId, String(member.id));
      set(sessionKeys.toUpline, String(member.toUpline));
      set(sessionKeys.memberLabel, JSON.stringify(member.memberLabel));
    },

    /** Clears session storage and writes the merchant code back. */
    clear(): void {
      const merchantCode = get(sessionKeys.merchantCode);
      try {
        store?.clear();
      } catch {
        for (const key of memberKeys) set(key, null);
      }
      if (merchantCode !== null) set(sessionKeys.merchantCode, merchantCode);
    },

    /** The username kept by remember-me, if any. */
    rememberedUsername(): string | null {
      if (!cookies) return null;
      for (const part of cookies.cookie.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name === rememberCookie) return decodeURIComponent(rest.join('=')) || null;
      }
      return null;
    },

    /** Keeps (or, with null, forgets) the last username for `rememberMeDays`. */
    rememberUsername(username: string | null): void {
      if (!cookies) return;
      const maxAge = username === null ? 0 : constants.rememberMeDays * 86_400;
      cookies.cookie = `${rememberCookie}=${encodeURIComponent(username ?? '')}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
