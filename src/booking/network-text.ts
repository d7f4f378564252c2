import ipaddr from 'ipaddr.js';

// How the owner writes a network to trust (settings, "Trusted networks"): one address, or a range in CIDR form.

/** An address written in full: four decimal parts for IPv4 (not ipaddr's "10.1" shorthands), or IPv6. */
const isPlainAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

/** Whether `text` names an address or a range the owner can trust: 203.0.113.7, 203.0.113.0/24, 2001:db8::/48. */
export function isNetworkText(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  if (rest.length || !isPlainAddress(address)) return false;
  if (bits === undefined) return true;
  const max = address.includes(':') ? 128 : 32;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
