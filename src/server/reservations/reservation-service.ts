import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  assignForSlot,
  availableStartTimes,
  candidateTables,
  freeTables,
  type SeatType,
} from '../../booking/availability';
import { BEGUN_MESSAGE, dateRefusal, addDays, hasBegun, timeRefusal, type Role } from '../../booking/booking-window';
import { clockIn, isIsoDate, todayIn } from '../../booking/calendar';
import { endTimeFor } from '../../booking/clock';
import * as messages from '../../booking/messages';
import type { RestaurantTable } from '../../booking/restaurant-config';
import { GUEST_MAX_PARTY } from '../../booking/party-size';
import type { CreateReservationInput, UpdateReservationInput } from '../../booking/reservation-schemas';
import { seatingTimes } from '../../booking/seatings';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import type { ChangeFeed } from './change-feed';
import {
  byDateDescThenStartDesc,
  byDateThenStart,
  byStartThenTable,
  toReservation,
  type Reservation,
} from './reservation-record';
import {
  asBooked,
  findReservation,
  insertReservation,
  isHoldConflict,
  loadTables,
  reservationsOn,
  writeHolds,
} from './reservation-store';

// The booking rules applied to the database: every check the server makes, in one place. Route handlers
// parse and authorise; these functions decide.

export interface Actor {
  email: string;
  role: Role;
}

export interface ReservationDeps {
  db: Kysely<Database>;
  config: AppConfig;
  feed: ChangeFeed;
  /** The current instant; tests pass a fixed clock. */
  now: () => Date;
}

/** Guests see only their own reservations dated from 7 days ago (SPEC section 6). */
export const GUEST_LIST_DAYS_BACK = 7;
/** Attempts at an automatic assignment when a concurrent booking took the chosen table first. */
const ASSIGNMENT_ATTEMPTS = 3;

const notFound = () => new AppError(404, messages.reservationNotFound, 'not_found');

function restaurantClock(deps: ReservationDeps) {
  const now = deps.now();
  const today = todayIn(deps.config.restaurant.timeZone, now);
  return { today, nowHhmm: clockIn(deps.config.restaurant.timeZone, now) };
}

function checkWhen(deps: ReservationDeps, role: Role, date: string, startTime: number) {
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal =
    dateRefusal(date, role, today, deps.config.restaurant.closedDates) ?? timeRefusal(date, startTime, today, nowHhmm);
  if (refusal) throw new AppError(400, refusal, 'date_not_bookable');
  if (!seatingTimes(deps.config.restaurant.seatings).includes(startTime))
    throw new AppError(400, messages.invalidTime, 'invalid_time');
}

function checkPartySize(deps: ReservationDeps, role: Role, partySize: number) {
  if (role === 'guest' && partySize > GUEST_MAX_PARTY) {
    throw new AppError(
      400,
      `For parties of 7 or more, please call us at ${deps.config.restaurant.phone}.`,
      'party_too_large',
    );
  }
}

/** The admin's explicit tables: they must exist, be free, and seat the party. */
function checkChosenTables(
  tables: RestaurantTable[],
  booked: Reservation[],
  chosen: string[],
  slot: { startTime: number; endTime: number },
  partySize: number,
  excludeId?: string,
) {
  const byId = new Map(tables.map((table) => [table.id, table]));
  const picked = chosen.map((id) => byId.get(id));
  if (picked.some((table) => !table)) throw new AppError(400, messages.invalidTableSelection, 'invalid_tables');
  const seats = picked.reduce((sum, table) => sum + table!.numSeats, 0);
  if (seats < partySize) throw new AppError(400, messages.seatsTooFew(seats, partySize), 'not_enough_seats');
  const free = new Set(
    freeTables(picked as RestaurantTable[], asBooked(booked), slot, excludeId).map((table) => table.id),
  );
  if (chosen.some((id) => !free.has(id))) throw new AppError(409, messages.slotTaken, 'slot_taken');
}

/**
 * The tables for a booking's slot, read inside its writing transaction: the admin's choice, checked against
 * the book as it is now, or else the automatic assignment.
 */
async function tablesForSlot(
  trx: Transaction<Database>,
  role: Role,
  booking: { reservationDate: string; partySize: number; seatType: SeatType; startTime: number; endTime: number },
  chosen: string[] | undefined,
  excludeReservationId?: string,
): Promise<string[]> {
  const [tables, booked] = await Promise.all([loadTables(trx), reservationsOn(trx, booking.reservationDate)]);
  if (chosen) {
    const slot = { startTime: booking.startTime, endTime: booking.endTime };
    checkChosenTables(tables, booked, chosen, slot, booking.partySize, excludeReservationId);
    return chosen;
  }
  const assignment = assignForSlot({
    tables,
    booked: asBooked(booked),
    seatType: booking.seatType,
    role,
    partySize: booking.partySize,
    startTime: booking.startTime,
    excludeReservationId,
  });
  if (!assignment.ok) throw new AppError(409, assignment.message, 'slot_taken');
  return assignment.tableIds;
}

/** Runs a write that may lose a race for a table; the database's key decides, and the loser retries. */
async function withHoldRetry<T>(attempt: () => Promise<T>, retries: number): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isHoldConflict(error)) throw error;
      if (tries >= retries) throw new AppError(409, messages.slotTaken, 'slot_taken');
    }
  }
}

/**
 * A booking sent again with the id of a reservation that exists: the same booking (a resend after a lost
 * answer) gets that reservation back, anything else is refused. Checked before the rules, as a resend may
 * come after its seating has begun.
 */
async function earlierBooking(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
): Promise<Reservation | undefined> {
  if (!input.id) return undefined;
  const earlier = await findReservation(deps.db, input.id);
  if (!earlier) return undefined;
  const same =
    earlier.email === actor.email &&
    earlier.reservationDate === input.reservationDate &&
    earlier.startTime === input.startTime &&
    earlier.partySize === input.partySize &&
    earlier.seatType === input.seatType &&
    earlier.name === input.name &&
    earlier.phoneNumber === input.phoneNumber &&
    earlier.reminderEmail === input.reminderEmail &&
    earlier.specialRequests === (input.specialRequests ?? null) &&
    (!input.tableIds || input.tableIds.join() === earlier.tableIds.join());
  if (!same) throw new AppError(409, 'This reservation has already been made. Please refresh the page.', 'conflict');
  return earlier;
}

export async function createReservation(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
): Promise<Reservation> {
  if (input.tableIds && actor.role !== 'admin') throw new AppError(403, messages.invalidTableSelection, 'forbidden');
  const resent = await earlierBooking(deps, actor, input);
  if (resent) return resent;
  checkPartySize(deps, actor.role, input.partySize);
  checkWhen(deps, actor.role, input.reservationDate, input.startTime);
  const slot = { startTime: input.startTime, endTime: endTimeFor(input.startTime) };

  let created: Reservation;
  try {
    created = await withHoldRetry(() => bookSlot(deps, actor, input, slot), input.tableIds ? 1 : ASSIGNMENT_ATTEMPTS);
  } catch (error) {
    // The same booking sent twice at once: the copy whose insert lost to the other's answers as a resend.
    const resentMeanwhile = await earlierBooking(deps, actor, input);
    if (resentMeanwhile) return resentMeanwhile;
    throw error;
  }
  deps.feed.publish({ type: 'created', reservation: created });
  return created;
}

/** One attempt at a booking: the tables chosen or assigned from the book as it is now, written with their holds. */
function bookSlot(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
  slot: { startTime: number; endTime: number },
): Promise<Reservation> {
  return deps.db.transaction().execute(async (trx) => {
    const tableIds = await tablesForSlot(trx, actor.role, { ...input, ...slot }, input.tableIds);
    const stamp = deps.now().toISOString();
    const reservation: Reservation = {
      id: input.id ?? randomUUID(),
      tableIds,
      ...slot,
      reservationDate: input.reservationDate,
      email: actor.email,
      reminderEmail: input.reminderEmail,
      partySize: input.partySize,
      name: input.name,
      phoneNumber: input.phoneNumber,
      seatType: input.seatType,
      specialRequests: input.specialRequests ?? null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await insertReservation(trx, reservation);
    return reservation;
  });
}

/** The reservation if this actor may see it; another guest's reservation is "not found", never shown. */
export async function getReservation(deps: ReservationDeps, actor: Actor, id: string): Promise<Reservation> {
  const reservation = await findReservation(deps.db, id);
  if (!reservation || (actor.role !== 'admin' && reservation.email !== actor.email)) throw notFound();
  return reservation;
}

export async function updateReservation(
  deps: ReservationDeps,
  actor: Actor,
  id: string,
  changes: UpdateReservationInput,
): Promise<Reservation> {
  if (changes.tableIds && actor.role !== 'admin') throw new AppError(403, messages.invalidTableSelection, 'forbidden');
  // A guest keeps the seat type (SPEC section 5, Guest edit).
  const { seatType: requestedSeatType, tableIds: requestedTables, ...rest } = changes;
  const seatType = actor.role === 'admin' ? requestedSeatType : undefined;

  const updated = await withHoldRetry(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const current = await findReservation(trx, id);
        if (!current || (actor.role !== 'admin' && current.email !== actor.email)) throw notFound();
        refuseIfBegun(deps, actor, current);

        const next: Reservation = { ...current, ...definedOnly(rest), ...(seatType ? { seatType } : {}) };
        if (changes.startTime !== undefined) next.endTime = endTimeFor(next.startTime);
        const whenChanged = next.reservationDate !== current.reservationDate || next.startTime !== current.startTime;
        const sizeChanged = next.partySize !== current.partySize;
        const seatTypeChanged = next.seatType !== current.seatType;

        if (sizeChanged) checkPartySize(deps, actor.role, next.partySize);
        if (whenChanged) checkWhen(deps, actor.role, next.reservationDate, next.startTime);

        // Nothing actually changes (an empty body, or the same values again): no write, no event.
        if (requestedTables === undefined && sameFields(current, next)) {
          return { next: current, previousDate: current.reservationDate, changed: false };
        }

        const needsTables = requestedTables !== undefined || whenChanged || sizeChanged || seatTypeChanged;
        if (needsTables) next.tableIds = await tablesForSlot(trx, actor.role, next, requestedTables, current.id);
        next.updatedAt = deps.now().toISOString();
        const { id: _id, createdAt: _createdAt, ...columns } = next;
        await trx
          .updateTable('reservations')
          .set({ ...columns, tableIds: JSON.stringify(next.tableIds) })
          .where('id', '=', id)
          .execute();
        if (needsTables) await writeHolds(trx, next);
        return { next, previousDate: current.reservationDate, changed: true };
      }),
    requestedTables ? 1 : ASSIGNMENT_ATTEMPTS,
  );
  if (updated.changed) {
    deps.feed.publish({ type: 'updated', reservation: updated.next, previousDate: updated.previousDate });
  }
  return updated.next;
}

const EDITABLE_FIELDS = [
  'name',
  'phoneNumber',
  'reservationDate',
  'partySize',
  'seatType',
  'startTime',
  'reminderEmail',
  'specialRequests',
] as const satisfies readonly (keyof Reservation)[];

const sameFields = (a: Reservation, b: Reservation) => EDITABLE_FIELDS.every((field) => a[field] === b[field]);

/** A guest's reservation is theirs to change until its seating begins; after that it is the restaurant's record. */
function refuseIfBegun(deps: ReservationDeps, actor: Actor, reservation: Reservation) {
  const { today, nowHhmm } = restaurantClock(deps);
  if (actor.role !== 'admin' && hasBegun(reservation, today, nowHhmm)) throw new AppError(409, BEGUN_MESSAGE, 'begun');
}

export async function cancelReservation(deps: ReservationDeps, actor: Actor, id: string): Promise<void> {
  const current = await getReservation(deps, actor, id);
  refuseIfBegun(deps, actor, current);
  await deps.db.deleteFrom('reservations').where('id', '=', id).execute();
  deps.feed.publish({ type: 'deleted', id, reservationDate: current.reservationDate });
}

export async function listOwnReservations(deps: ReservationDeps, actor: Actor): Promise<Reservation[]> {
  const { today } = restaurantClock(deps);
  const rows = await deps.db
    .selectFrom('reservations')
    .selectAll()
    .where('email', '=', actor.email)
    .where('reservationDate', '>=', addDays(today, -GUEST_LIST_DAYS_BACK))
    .execute();
  return rows.map(toReservation).sort(byDateThenStart);
}

export async function listReservationsOn(deps: ReservationDeps, date: string): Promise<Reservation[]> {
  if (!isIsoDate(date)) return [];
  return (await reservationsOn(deps.db, date)).sort(byStartThenTable);
}

export async function listAllReservations(deps: ReservationDeps): Promise<Reservation[]> {
  const rows = await deps.db.selectFrom('reservations').selectAll().execute();
  return rows.map(toReservation).sort(byDateDescThenStartDesc);
}

/** The seatings of a date at which the party can be seated (an empty list for a date that cannot be booked). */
export async function findAvailableTimes(
  deps: ReservationDeps,
  actor: Actor,
  query: { date: string; partySize: number; seatType: SeatType; excludeReservationId?: string | undefined },
): Promise<number[]> {
  const { today, nowHhmm } = restaurantClock(deps);
  if (!isIsoDate(query.date) || dateRefusal(query.date, actor.role, today, deps.config.restaurant.closedDates))
    return [];
  const [tables, booked] = await Promise.all([loadTables(deps.db), reservationsOn(deps.db, query.date)]);
  const seatings = seatingTimes(deps.config.restaurant.seatings).filter(
    (time) => !timeRefusal(query.date, time, today, nowHhmm),
  );
  return availableStartTimes({
    tables,
    booked: asBooked(booked),
    seatType: query.seatType,
    role: actor.role,
    partySize: query.partySize,
    seatings,
    excludeReservationId: query.excludeReservationId,
  });
}

/** The admin's seat picker: every table of the seat type free for the slot, reservable or not. */
export async function findAvailableTables(
  deps: ReservationDeps,
  query: { date: string; startTime: number; seatType: SeatType; excludeReservationId?: string | undefined },
): Promise<RestaurantTable[]> {
  if (!isIsoDate(query.date)) return [];
  const [tables, booked] = await Promise.all([loadTables(deps.db), reservationsOn(deps.db, query.date)]);
  const slot = { startTime: query.startTime, endTime: endTimeFor(query.startTime) };
  return freeTables(
    candidateTables(tables, query.seatType, 'admin'),
    asBooked(booked),
    slot,
    query.excludeReservationId,
  );
}

export async function listTables(deps: ReservationDeps): Promise<RestaurantTable[]> {
  return loadTables(deps.db);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
