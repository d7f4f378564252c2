import { createHmac } from 'node:crypto';
import { inboxOf } from './inbox';

/**
 * Names for the rate counters that are about an email address (db/rate-counters.ts). A name holds a keyed hash of
 * the address (an HMAC with the auth secret), never the address: the counters table, and every backup of it,
 * names nobody, even for an address typed at sign-in that has no account. Each counter about one address is named
 * under that address's prefix, `<prefix>:<what>`, so that deleting an account forgets them all
 * (accounts/personal-data.ts).
 */
export function createAddressKeys(secret: string) {
  const hashOf = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  return {
    /** The prefix of the counters about an account's address, as Better Auth compares it (lower case). */
    account: (email: string) => `account:${hashOf(`account:${email.trim().toLowerCase()}`)}`,
    /** The prefix of the counters about the inbox an address delivers to, however it was spelled. */
    inbox: (address: string) => `inbox:${hashOf(`inbox:${inboxOf(address)}`)}`,
  };
}

export type AddressKeys = ReturnType<typeof createAddressKeys>;
