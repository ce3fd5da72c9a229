/** The host name of a `Host`-like value: lower case, without port and trailing dot. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.replace(/:\d+$/, '');
  return name.replace(/\.$/, '');
}

/**
 * Whether a host (as the app sends it: `location.host`, port allowed) is one of the site's
 * domains; `*.example.com` takes the subdomains of example.com (not example.com itself).
 */
export function isSiteHost(host: string, domains: readonly string[]): boolean {
  const name = hostName(host);
  if (name.length === 0) return false;
  return domains.some((domain) =>
    domain.startsWith('*.') ? name.endsWith(domain.slice(1)) : name === domain,
  );
}
