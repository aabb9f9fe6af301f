import ipaddr from 'ipaddr.js';

/**
 * Why a target address may not receive webhooks, or null when it may: only public unicast addresses
 * pass (ipaddr.js ranges: loopback, private, link-local and the cloud metadata address 169.254.169.254,
 * CGNAT, multicast, unique-local, reserved, unspecified... and every IPv4-mapped IPv6 address are refused).
 * The same rule as request-filtering-agent applies when a delivery connects.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  const range = ipaddr.parse(address).range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}
