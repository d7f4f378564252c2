import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { assignForSlot, freeTables, type BookedReservation } from '../../booking/availability';
import { addMinutes, RESERVATION_MINUTES } from '../../booking/clock';
import { activeTables, type RestaurantSettings } from '../../booking/restaurant-settings';
import { currentBlockStart, nextBlockStart } from '../../booking/service-blocks';
import type { WalkInInput } from '../../booking/walk-in-schemas';
import type { AdminReservation, Reservation } from '../../shared/reservation';
import type { SeatType } from '../../shared/seat-types';
import { bookedFactsOf, recordActivity } from '../activity/activity-store';
import { findReservationRow } from '../book/book-reads';
import { toAdminReservation } from '../book/reservation-record';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { bookedOn } from '../reservations/reservation-store';
import { ASSIGNMENT_ATTEMPTS, tablesForSlot, withHoldRetry } from '../reservations/table-checks';
import { restaurantClock } from '../restaurant-clock';
import { insertWalkIn, tablesLeftUntil } from './service-store';
import type { ServiceDeps } from './set-service-status';

const PAST_MIDNIGHT = 'A walk-in is seated for 90 minutes, which would run past midnight.';
const NOT_THE_SAME = 'This walk-in has already been seated. Please refresh the page.';

/**
 * The host seats a party at the door (docs/decisions/0017-the-host-stand.md): today, from the 30-minute block under
 * way, for 90 minutes, at the tables the host chose or the automatic assignment's (any free table of the seat type,
 * as for the admin's bookings). No account, no email; it is Seated at once. Its holds go through the same database
 * key as every booking's, so a walk-in and a booking racing for the last table never both get it. A resend with the
 * same id gets the walk-in it made.
 */
export async function seatWalkIn({
  deps,
  actor,
  input,
}: {
  deps: ServiceDeps;
  actor: Actor;
  input: WalkInInput;
}): Promise<AdminReservation> {
  const earlier = await earlierWalkIn(deps, input);
  if (earlier) return earlier;
  const id = input.id ?? randomUUID();
  let reservation: Reservation;
  try {
    reservation = await withHoldRetry(
      () => seatOnce({ deps, actor, input, id }),
      input.tableIds ? 1 : ASSIGNMENT_ATTEMPTS,
    );
  } catch (error) {
    // The same walk-in sent twice at once: the copy that lost the insert answers as a resend.
    const meanwhile = await earlierWalkIn(deps, input);
    if (meanwhile) return meanwhile;
    throw error;
  }
  deps.feed.publish({ type: 'created', reservation });
  const row = await findReservationRow(deps.db, id, false);
  if (!row) throw new AppError('conflict', NOT_THE_SAME);
  return toAdminReservation(row);
}

/** One attempt: the tables for the current block, read and held in one transaction. */
function seatOnce({
  deps,
  actor,
  input,
  id,
}: {
  deps: ServiceDeps;
  actor: Actor;
  input: WalkInInput;
  id: string;
}): Promise<Reservation> {
  return deps.db.transaction().execute(async (trx) => {
    const { booking, tableIds } = await walkInTables({ trx, deps, input });
    const today = booking.reservationDate;
    const stamp = deps.now().toISOString();
    const reservation: Reservation = {
      id,
      ...booking,
      tableIds,
      email: '',
      reminderEmail: '',
      name: input.name ?? '',
      phoneNumber: input.phoneNumber ?? '',
      specialRequests: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await insertWalkIn(trx, reservation, Boolean(input.tableIds));
    await recordActivity(trx, {
      subject: { type: 'reservation', id, date: today },
      at: stamp,
      actor,
      action: 'created',
      before: null,
      after: { ...bookedFactsOf(reservation), walkIn: true },
    });
    return reservation;
  });
}

type WalkInSlot = {
  reservationDate: string;
  partySize: number;
  seatType: SeatType;
  startTime: number;
  endTime: number;
};

/**
 * Where the walk-in sits, and from when: the tables free from the block under way; or else, when parties marked
 * Finished (or No-show) hold tables on the book until the next block, the tables empty now, from the next block
 * (the hold grid lets a table go by the half hour: set-service-status.ts). Never a table whose party is still at it.
 */
async function walkInTables({
  trx,
  deps,
  input,
}: {
  trx: Transaction<Database>;
  deps: ServiceDeps;
  input: WalkInInput;
}): Promise<{ booking: WalkInSlot; tableIds: string[] }> {
  const settings = await deps.settings.forWrite(trx);
  const { today, nowHhmm } = restaurantClock(deps);
  const slotFrom = (startTime: number): WalkInSlot => {
    const endTime = addMinutes(startTime, RESERVATION_MINUTES);
    if (endTime > 2400) throw new AppError('invalid_time', PAST_MIDNIGHT);
    return { reservationDate: today, partySize: input.partySize, seatType: input.seatType, startTime, endTime };
  };
  const current = slotFrom(currentBlockStart(nowHhmm));
  const tablesFor = (booking: WalkInSlot, chosen: string[] | undefined) =>
    tablesForSlot({ trx, deps, settings, role: 'admin', booking, chosen });
  try {
    return { booking: current, tableIds: await tablesFor(current, input.tableIds) };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'slot_taken')) throw error;
    const next = slotFrom(nextBlockStart(nowHhmm));
    const { emptyNow, booked } = await tablesEmptyNow(trx, settings, current, next.startTime);
    const chosen = input.tableIds ?? autoAmong({ emptyNow, booked, settings, next });
    if (!chosen || chosen.some((id) => !emptyNow.has(id))) throw error;
    return { booking: next, tableIds: await tablesFor(next, chosen) };
  }
}

/** The tables no party sits at now: free in the block under way, or let go from the next one by a party that left. */
async function tablesEmptyNow(
  trx: Transaction<Database>,
  settings: RestaurantSettings,
  current: WalkInSlot,
  nextStart: number,
): Promise<{ emptyNow: Set<string>; booked: BookedReservation[] }> {
  const booked = await bookedOn(trx, current.reservationDate);
  const thisBlock = { startTime: current.startTime, endTime: nextStart };
  const free = freeTables(activeTables(settings.tables), booked, thisBlock).map((table) => table.id);
  const left = await tablesLeftUntil(trx, current.reservationDate, nextStart);
  return { emptyNow: new Set([...free, ...left]), booked };
}

/** The automatic assignment from the next block, among the tables empty now only. */
function autoAmong({
  emptyNow,
  booked,
  settings,
  next,
}: {
  emptyNow: Set<string>;
  booked: BookedReservation[];
  settings: RestaurantSettings;
  next: WalkInSlot;
}): string[] | undefined {
  const assignment = assignForSlot({
    tables: activeTables(settings.tables).filter((table) => emptyNow.has(table.id)),
    booked,
    seatType: next.seatType,
    role: 'admin',
    partySize: next.partySize,
    startTime: next.startTime,
  });
  return assignment.ok ? assignment.tableIds : undefined;
}

/** The walk-in a resend (same id) made already, or undefined; an id taken by anything else is refused. */
async function earlierWalkIn(deps: ServiceDeps, input: WalkInInput): Promise<AdminReservation | undefined> {
  if (!input.id) return undefined;
  const row = await findReservationRow(deps.db, input.id, false);
  if (!row) return undefined;
  const same = row.source === 'walk-in' && Number(row.partySize) === input.partySize && row.seatType === input.seatType;
  if (!same) throw new AppError('conflict', NOT_THE_SAME);
  return toAdminReservation(row);
}
