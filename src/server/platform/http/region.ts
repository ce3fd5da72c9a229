import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses an address, turning IPv4-mapped IPv6 (::ffff:1.2.3.4) into plain IPv4. */
export function parseIp(text: string): Address | null {
  // The common case first: ipaddr tries IPv6 before IPv4.
  if (isIPv4(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/** The address as the site shows it (IPv4-mapped addresses as IPv4). */
export function normalizeIp(text: string): string {
  // A dotted quad node:net accepts is already in the form ipaddr would print.
  if (isIPv4(text)) return text;
  return parseIp(text)?.toString() ?? text;
}

/** A CIDR such as 203.0.113.0/24 or 2001:db8::/32; null when it is not one. */
export function parseCidr(text: string): [Address, number] | null {
  const trimmed = text.trim();
  try {
    // ipaddr.parseCIDR tries IPv6 first and throws for every IPv4 range: ask the right one.
    return trimmed.includes(':') ? ipaddr.IPv6.parseCIDR(trimmed) : ipaddr.IPv4.parseCIDR(trimmed);
  } catch {
    return null;
  }
}

/** Whether an address lies in a list of ranges, the list parsed once. */
export type RangeMatcher = (ip: string) => boolean;

/**
 * Parses `ranges` (CIDRs or single addresses; entries that are neither never match) once and
 * returns the check of an address against them.
 *
 * @example
 * const trusted = rangeMatcher(['127.0.0.1', '10.0.0.0/8']);
 * trusted('10.1.2.3'); // true
 */
export function rangeMatcher(ranges: readonly string[]): RangeMatcher {
  const networks: [Address, number][] = [];
  for (const range of ranges) {
    const cidr = parseCidr(
      range.includes('/') ? range : `${range}/${range.includes(':') ? 128 : 32}`,
    );
    if (!cidr) continue;
    let [network, bits] = cidr;
    if (network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      network = (network as ipaddr.IPv6).toIPv4Address();
      bits -= 96;
    }
    networks.push([network, bits]);
  }
  if (networks.length === 0) return () => false;
  return (ip) => {
    const address = parseIp(ip);
    if (!address) return false;
    return networks.some(
      ([network, bits]) =>
        address.kind() === network.kind() && address.match([network, bits] as never),
    );
  };
}

/** The matchers of the lists seen, by list: a cached settings row's list is parsed once. */
const matchers = new WeakMap<readonly string[], RangeMatcher>();

/** True when `ip` lies in any of `ranges` (CIDRs or single addresses). */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  let matches = matchers.get(ranges);
  if (!matches) {
    matches = rangeMatcher(ranges);
    matchers.set(ranges, matches);
  }
  return matches(ip);
}
