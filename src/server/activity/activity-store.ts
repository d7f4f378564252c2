import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import type { Reservation } from '../../shared/reservation';
import { GUEST_ACTOR, type BookedFacts, type HistoryChange, type HistoryLine } from '../../shared/reservation-history';

// The activity record (migrations/0015-activity-and-service.ts): one append-only line per thing done, written in
// the same transaction as the change it tells of, so a line is there exactly when its change is. Today it holds
// reservations' lines; the settings', the staff's and the guest files' come to it (DESIGN.md, "The night").

type Db = Kysely<Database> | Transaction<Database>;

/** What a line is about: a reservation (its id, and its date for the reports and retention). */
export interface ActivitySubject {
  type: 'reservation';
  id: string;
  date: string;
}

/** Who a line names: the admin by email; a guest as "guest", which keeps the guest's details out of the record. */
export const actorOf = (actor: Actor) =>
  actor.role === 'admin' ? { by: actor.email, role: 'admin' as const } : { by: GUEST_ACTOR, role: 'guest' as const };

export async function recordActivity(
  db: Db,
  line: { subject: ActivitySubject; at: string; actor: Actor } & HistoryChange,
): Promise<void> {
  const { subject, at, actor, action, before, after } = line;
  const { by, role } = actorOf(actor);
  await db
    .insertInto('activity')
    .values({
      id: randomUUID(),
      subjectType: subject.type,
      subjectId: subject.id,
      // The line's place among its subject's: instants can tie (a fixed clock, one millisecond).
      seq: sql<number>`(select coalesce(max(seq), 0) + 1 from activity where "subjectType" = ${subject.type} and "subjectId" = ${subject.id})`,
      subjectDate: subject.date,
      at,
      actor: by,
      actorRole: role,
      action,
      before: before === null ? null : JSON.stringify(before),
      after: JSON.stringify(after),
    })
    .execute();
}

/** A reservation's lines, oldest first. */
export async function reservationActivity(db: Db, reservationId: string): Promise<HistoryLine[]> {
  const rows = await db
    .selectFrom('activity')
    .select(['at', 'actor', 'actorRole', 'action', 'before', 'after'])
    .where('subjectType', '=', 'reservation')
    .where('subjectId', '=', reservationId)
    .orderBy('seq')
    .execute();
  // The record's JSON is the app's own, written by recordActivity from a HistoryChange.
  const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
  return rows.map((row) => {
    const line = { at: row.at, by: row.actor, role: row.actorRole, action: row.action };
    return { ...line, before: parse(row.before), after: parse(row.after) } as HistoryLine;
  });
}

/** Whether a reservation no longer in the book was cancelled (rather than never there). */
export async function wasCancelled(db: Db, reservationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('subjectType', '=', 'reservation')
    .where('subjectId', '=', reservationId)
    .where('action', '=', 'cancelled')
    .executeTakeFirst();
  return row !== undefined;
}

/** What the record keeps of a reservation: its seating, party and tables, no personal details. */
export const bookedFactsOf = (reservation: Reservation): BookedFacts => ({
  reservationDate: reservation.reservationDate,
  startTime: reservation.startTime,
  partySize: reservation.partySize,
  seatType: reservation.seatType,
  tableIds: reservation.tableIds,
});
