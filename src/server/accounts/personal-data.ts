import type { Kysely } from 'kysely';
import { hasBegun } from '../../booking/booking-window';
import { addDays, todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import type { Database } from '../db/schema';
import type { RateCounters } from '../db/rate-counters';
import type { ChangeFeed } from '../change-feed/change-feed';
import type { MailOutbox } from '../mail/outbox';
import type { AddressKeys } from './address-keys';

// The privacy policy's promises, kept by the code: a guest can delete their account, and old
// reservations lose the guest's details after the retention period. The restaurant keeps the fact of a past
// reservation (date, time, party, tables) for its records; who made it, and how to reach them, go.

/** What a reservation's personal fields become once they are removed. */
const ANONYMOUS = {
  name: 'Removed',
  phoneNumber: '',
  email: '',
  reminderEmail: '',
  specialRequests: null,
  userId: null,
  bookedFrom: null,
};

interface Deps {
  db: Kysely<Database>;
  feed: ChangeFeed;
  timeZone: string;
  now: () => Date;
}

/**
 * Before an account is deleted: its upcoming reservations are cancelled (their tables free again, the admin's
 * live view told) and its past ones keep no personal data.
 */
export async function removeAccountReservations(
  deps: Deps,
  userId: string,
): Promise<{ cancelled: number; anonymised: number }> {
  const now = deps.now();
  const [today, nowHhmm] = [todayIn(deps.timeZone, now), clockIn(deps.timeZone, now)];
  const { upcoming, past } = await deps.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('reservations')
      .select(['id', 'reservationDate', 'startTime'])
      .where('userId', '=', userId)
      .execute();
    const ahead = own.filter((r) => !hasBegun({ ...r, startTime: Number(r.startTime) }, today, nowHhmm));
    const done = own.filter((r) => !ahead.includes(r));
    if (ahead.length)
      await trx
        .deleteFrom('reservations')
        .where(
          'id',
          'in',
          ahead.map((r) => r.id),
        )
        .execute();
    if (done.length) {
      await trx
        .updateTable('reservations')
        .set({ ...ANONYMOUS, updatedAt: now.toISOString() })
        .where(
          'id',
          'in',
          done.map((r) => r.id),
        )
        .execute();
    }
    return { upcoming: ahead, past: done };
  });
  for (const r of upcoming) deps.feed.publish({ type: 'deleted', id: r.id, reservationDate: r.reservationDate });
  return { cancelled: upcoming.length, anonymised: past.length };
}

/**
 * Reservations of dates gone by forget the network they were booked from: it serves fair use and the owner's
 * view of a night to come, nothing after (the daily retention job).
 */
export async function forgetPastNetworks(deps: Deps): Promise<number> {
  const today = todayIn(deps.timeZone, deps.now());
  const result = await deps.db
    .updateTable('reservations')
    .set({ bookedFrom: null })
    .where('reservationDate', '<', today)
    .where('bookedFrom', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Once an account is deleted, its address is forgotten: the rate counters about it (its wrong passwords, and the
 * emails its inbox had this hour) and its mail (waiting in the outbox, and the copies in the outbox folder).
 */
export async function forgetAccountAddress(
  deps: { counters: RateCounters; keys: AddressKeys; outbox: MailOutbox },
  user: { email: string; emailVerified: boolean },
): Promise<void> {
  await deps.counters.clearUnder(deps.keys.account(user.email));
  // An account that never confirmed its address never showed the inbox was its own: the inbox keeps the count of
  // what it had this hour (under a keyed hash, never the address) until the hour is over. Otherwise anyone could
  // sign up with someone's address, delete the account and sign up again, sending the inbox an email each time.
  if (user.emailVerified) await deps.counters.clearUnder(deps.keys.inbox(user.email));
  await deps.outbox.forgetRecipient(user.email);
}

/** Reservations dated more than `retentionDays` ago lose their personal data (the daily retention job). */
export async function anonymiseOldReservations(deps: Deps, retentionDays: number): Promise<number> {
  const now = deps.now();
  const cutoff = addDays(todayIn(deps.timeZone, now), -retentionDays);
  const result = await deps.db
    .updateTable('reservations')
    .set({ ...ANONYMOUS, updatedAt: now.toISOString() })
    .where('reservationDate', '<', cutoff)
    // Any that still name someone: an account's, a caller's (its reminder address), a walk-in that gave a name or phone.
    .where((eb) =>
      eb.or([
        eb('userId', 'is not', null),
        eb('reminderEmail', '<>', ''),
        eb('phoneNumber', '<>', ''),
        eb.and([eb('name', '<>', ''), eb('name', '<>', ANONYMOUS.name)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
