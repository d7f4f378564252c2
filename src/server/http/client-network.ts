import ipaddr from 'ipaddr.js';

export { isNetworkText } from '../../booking/network-text';

// A guest's network, as fair use counts it: one IPv4 address, or one IPv6 /64 (the block a provider gives a
// single household or phone, whose 2^64 addresses cost its holder nothing to change between requests).

/** The bits of an IPv6 address that name one household's network. */
const IPV6_NETWORK_BITS = 64;

/**
 * The network a client address belongs to: "203.0.113.7" for IPv4 (and IPv4 written as IPv6, ::ffff:203.0.113.7),
 * "2001:db8:1:2::/64" for IPv6. Anything that does not parse (a test's in-process request) is itself.
 */
export function networkOf(address: string): string {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names an interface, not a network
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_NETWORK_BITS / 16);
  return `${ipaddr.fromByteArray(prefixBytes(prefix)).toString()}/${IPV6_NETWORK_BITS}`;
}

function prefixBytes(parts: number[]): number[] {
  const bytes = parts.flatMap((part) => [part >> 8, part & 0xff]);
  return [...bytes, ...new Array<number>(16 - bytes.length).fill(0)];
}

/** An address or CIDR range as a base address and the bits that must match (all of them for one address). */
function rangeOf(network: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (network.includes('/')) return ipaddr.parseCIDR(network);
  const address = ipaddr.process(network);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** Whether the client address lies in one of the owner's trusted networks (addresses or CIDR ranges). */
export function inNetworks(address: string, networks: readonly string[]): boolean {
  const bare = address.replace(/%.*$/, '');
  if (networks.length === 0 || !ipaddr.isValid(bare)) return false;
  const client = ipaddr.process(bare);
  return networks.some((network) => {
    const [base, bits] = rangeOf(network);
    if (base.kind() !== client.kind()) return false;
    return client.kind() === 'ipv4'
      ? (client as ipaddr.IPv4).match(base, bits)
      : (client as ipaddr.IPv6).match(base, bits);
  });
}
