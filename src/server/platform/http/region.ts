import ipaddr from 'ipaddr.js';

/** Parses an address, turning IPv4-mapped IPv6 (::ffff:1.2.3.4) into plain IPv4. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/** The address as the site shows it (IPv4-mapped addresses as IPv4). */
export function normalizeIp(text: string): string {
  return parseIp(text)?.toString() ?? text;
}

/** A CIDR such as 203.0.113.0/24 or 2001:db8::/32; null when it is not one. */
export function parseCidr(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  try {
    return ipaddr.parseCIDR(text.trim());
  } catch {
    return null;
  }
}

/** True when `ip` lies in any of `ranges` (CIDRs or single addresses). */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  const address = parseIp(ip);
  if (!address) return false;
  return ranges.some((range) => {
    const cidr = parseCidr(
      range.includes('/') ? range : `${range}/${range.includes(':') ? 128 : 32}`,
    );
    if (!cidr) return false;
    let [network, bits] = cidr;
    if (network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      network = (network as ipaddr.IPv6).toIPv4Address();
      bits -= 96;
    }
    return address.kind() === network.kind() && address.match([network, bits] as never);
  });
}
