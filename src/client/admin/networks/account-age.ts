/**
 * How long before a booking its account was made, in words: "3 minutes", "5 hours", "2 days", "3 years". A
 * group of accounts each made minutes before it booked is the mark of one person behind many accounts.
 */
export function accountAgeAtBooking(accountCreatedAt: string, bookedAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(bookedAt) - Date.parse(accountCreatedAt)) / 60_000));
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 365 * 2) return unit(days, 'day');
  return unit(Math.floor(days / 365), 'year');
}
