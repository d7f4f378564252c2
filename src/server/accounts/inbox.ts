/** Providers that deliver a local part with or without its dots to one inbox, by the name they deliver under. */
const DOTS_IGNORED: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address delivers to, as one spelling: lower case, without a +tag, and for the providers that ignore
 * dots, without dots and under one domain. Every count of the emails an inbox gets goes by it, so that
 * `Victim.Name+1@googlemail.com` and `victimname@gmail.com` share one allowance (an audit got 19 emails
 * past a cap of 5 into one inbox, spelling it differently each time). Not an account's identity: Better Auth
 * keeps the address as typed, lower-cased, and two spellings can be two accounts.
 */
export function inboxOf(address: string): string {
  const spelled = address.trim().toLowerCase();
  const at = spelled.lastIndexOf('@');
  if (at < 0) return spelled;
  const domain = spelled.slice(at + 1);
  let local = spelled.slice(0, at);
  // A local part that is all tag keeps it: nothing else names the inbox.
  local = local.split('+')[0] || local;
  const undotted = DOTS_IGNORED[domain];
  return undotted ? `${local.replaceAll('.', '')}@${undotted}` : `${local}@${domain}`;
}
