import ipaddr from 'ipaddr.js';

/**
 * Cloud metadata and platform addresses, refused always, even when private networks are allowed
 * (WEBHOOK_ALLOW_PRIVATE_NETWORKS, PIX_QR_ALLOW_PRIVATE_NETWORKS): no legitimate receiver or server lives there, and an answer from one would hand out credentials or platform control.
 */
const CLOUD_METADATA_ADDRESSES: ReadonlyMap<string, string> = new Map([
  // AWS, GCP, Azure, OpenStack, DigitalOcean... instance metadata (IPv4).
  ['169.254.169.254', 'cloud metadata'],
  // AWS instance metadata over IPv6 (Nitro).
  ['fd00:ec2::254', 'cloud metadata'],
  // Alibaba Cloud instance metadata (inside CGNAT 100.64.0.0/10).
  ['100.100.100.200', 'cloud metadata'],
  // Azure wire server (platform DNS, DHCP, health probes, VM agent): a public-looking unicast address.
  ['168.63.129.16', 'cloud wire-server'],
]);

/** An address in its canonical form, IPv4-mapped IPv6 as IPv4; null when it is not an IP address. */
function canonical(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null;
}

/** Why `address` is a cloud metadata or wire-server address (refused in every configuration), or null. */
export function metadataRefusal(address: string): string | null {
  const c = canonical(address);
  const kind = c === null ? undefined : CLOUD_METADATA_ADDRESSES.get(c);
  return kind ? `${address} is a ${kind} address` : null;
}

/**
 * Why a target address may not be called (a webhook receiver, another institution's QR payload), or null when it may: only public unicast addresses
 * pass (ipaddr.js ranges: loopback, private, link-local, CGNAT, multicast, unique-local, reserved,
 * unspecified... and every IPv4-mapped IPv6 address are refused), and never a cloud metadata or wire-server
 * address (metadataRefusal). The same rule as request-filtering-agent applies when a request connects.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  const metadata = metadataRefusal(address);
  if (metadata) return metadata;
  const range = ipaddr.parse(address).range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

/**
 * Whether an outbound URL's port is allowed: only the HTTPS default (443, which URL shows as no port),
 * unless private networks are allowed (development and tests, whose servers listen on random ports).
 */
export function portAllowed(url: URL, allowPrivateNetworks: boolean): boolean {
  return allowPrivateNetworks || url.port === '';
}
