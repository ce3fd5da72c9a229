import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Language } from '../../../contract/constants.ts';
import { languageFromHeader, staffLanguages } from '../i18n/messages.ts';
import { normalizeIp, rangeMatcher } from './region.ts';

/** Who is asking: the client IP and, from a trusted proxy, the country. */
export type ClientInfo = { ip: string; country: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's language from Accept-Language: a player's hi (default), en or bn; the
     * staff's (/ops) en (default) or hi.
     */
    language: Language;
    /** Client IP (through trusted proxies only) and country (from a trusted proxy's header). */
    client: ClientInfo;
  }
}

/** A call of the back office (the operator API), answered in the staff's language. */
export const staffCall = (url: string): boolean => url === '/ops' || url.startsWith('/ops/');

/** The language a call is answered in: the staff's for /ops, the player's otherwise. */
export function requestLanguage(url: string, acceptLanguage: string | undefined): Language {
  return staffCall(url)
    ? languageFromHeader(acceptLanguage, staffLanguages, 'en')
    : languageFromHeader(acceptLanguage);
}

/** Addresses remembered by `trustedProxy` at most (the proxies' own: a handful). */
const TRUSTED_MEMO = 1024;

/**
 * Fastify's `trustProxy` as a function of the peer address: the ranges parsed once and each
 * address's answer remembered, where a list makes Fastify (proxy-addr) parse the address again
 * on every read of `request.ip`. Same answers as the list (IPv4-mapped addresses as IPv4).
 */
export function trustedProxy(ranges: readonly string[]): (address: string) => boolean {
  const inRanges = rangeMatcher(ranges);
  const memo = new Map<string, boolean>();
  return (address) => {
    let trusted = memo.get(address);
    if (trusted === undefined) {
      trusted = inRanges(address);
      if (memo.size >= TRUSTED_MEMO) memo.clear();
      memo.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * Language and client identity for every request. The country header counts only when the
 * socket peer is one of our trusted proxies; otherwise anyone could claim any country.
 */
export function registerRequestContext(app: FastifyInstance, config: Config): void {
  app.decorateRequest('language', 'hi');
  app.decorateRequest('client', null as unknown as ClientInfo);
  // Parsed once: every request asks whether its peer is a trusted proxy.
  const trusted = trustedProxy(config.trustProxy);
  // A callback hook (no promise per request); `request.ip` walks the proxy chain on every read,
  // so it is read once.
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = requestLanguage(request.url, request.headers['accept-language']);
    const ip = request.ip;
    let country: string | null = null;
    if (config.countryHeader && trusted(request.socket.remoteAddress ?? ip)) {
      const header = request.headers[config.countryHeader];
      const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
      if (value && /^[A-Z]{2}$/.test(value)) country = value;
    }
    request.client = { ip: normalizeIp(ip), country };
    done();
  });
}
