/**
 * A new reservation's id, made in the browser (a version 4 UUID) so that a booking resent after a lost answer
 * finds the reservation it made. From getRandomValues, as crypto.randomUUID exists only on HTTPS pages and
 * the app may be served over plain HTTP on the restaurant's own network.
 */
export function newBookingId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
