import { availableStartTimes } from '../../booking/availability';
import { calendarOf, dateRefusalReason, timeRefusal, type DateRefusalReason } from '../../booking/booking-window';
import { activeTables, closureOn, seatingsOn, type RestaurantSettings } from '../../booking/restaurant-settings';
import type { Actor } from '../http/app-env';
import type { SeatType } from '../../shared/seat-types';
import type { ReservationDeps } from './reservation-deps';
import { restaurantClock } from '../restaurant-clock';

/**
 * The answers already worked out over one copy of a date's bookings (booked-cache.ts), by everything else they
 * depend on: on a release night two thousand guests ask the same question of the same copy. They go with the
 * copy: a change of the date drops the copy, and with it its answers.
 */
const answers = new WeakMap<object, Map<string, number[]>>();

/**
 * Whether a date can be booked, by the role and the restaurant's today, kept with the copy of the settings it was
 * worked out over (a change of the settings is a new copy): worked out once for the two thousand guests of a
 * release rather than for each. Dropped whole past MAX_REFUSALS_KEPT (a stranger asking for every date cannot
 * make it grow).
 */
const refusals = new WeakMap<RestaurantSettings, Map<string, DateRefusalReason | null>>();
const MAX_REFUSALS_KEPT = 1_000;

function dateRefusalFor(date: string, role: Actor['role'], today: string, settings: RestaurantSettings) {
  let known = refusals.get(settings);
  if (!known || known.size >= MAX_REFUSALS_KEPT)
    refusals.set(settings, (known = new Map<string, DateRefusalReason | null>()));
  const key = `${role}|${today}|${date}`;
  let refusal = known.get(key);
  if (refusal === undefined) {
    refusal = dateRefusalReason(date, role, today, calendarOf(settings));
    known.set(key, refusal);
  }
  return refusal;
}

/**
 * The seatings of a date at which the party can be seated, the bookings being made here counted as made; for a
 * date that cannot be booked at all, none, and the rule that refuses it (so the page can say why rather than "no
 * times"), with the owner's note on a closed date. Read from this instance's copy of the settings: the booking
 * itself checks them again in its transaction.
 */
export async function findAvailableTimes({
  deps,
  actor,
  query,
}: {
  deps: ReservationDeps;
  actor: Actor;
  query: { date: string; partySize: number; seatType: SeatType; excludeReservationId?: string | undefined };
}): Promise<{ times: number[]; refusal?: DateRefusalReason; note?: string }> {
  const settings = deps.settings.current();
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal = dateRefusalFor(query.date, actor.role, today, settings);
  if (refusal === 'closed') {
    const note = closureOn(query.date, settings.closures)?.note;
    return { times: [], refusal, ...(note ? { note } : {}) };
  }
  if (refusal) return { times: [], refusal };
  const copy = await deps.booked.get(query.date);
  // The bookings in their transactions here count as made: most will be, and a guest offered the table one of
  // them is taking would only be refused it a moment later.
  const inFlight = deps.inFlight.on(query.date);
  const booked = inFlight.length ? [...copy, ...inFlight] : copy;
  // An edit leaves its own reservation out of the count: asked rarely, and worked out each time.
  const key = query.excludeReservationId
    ? undefined
    : [
        settings.version,
        actor.role,
        query.partySize,
        query.seatType,
        query.date === today ? nowHhmm : '',
        inFlight.length ? deps.inFlight.version() : '',
      ].join('|');
  const known = key === undefined ? undefined : answers.get(copy)?.get(key);
  if (known) return { times: known };
  const seatings = seatingsOn(query.date, settings.hours).filter(
    (time) => !timeRefusal(query.date, time, today, nowHhmm),
  );
  const times = availableStartTimes({
    tables: activeTables(settings.tables),
    booked,
    seatType: query.seatType,
    role: actor.role,
    partySize: query.partySize,
    seatings,
    // The covers cap is a rule for guests; the admin may seat beyond it.
    maxCoversPerSeating: actor.role === 'admin' ? 0 : settings.rules.maxCoversPerSeating,
    excludeReservationId: query.excludeReservationId,
  });
  if (key !== undefined) {
    const forCopy = answers.get(copy) ?? new Map<string, number[]>();
    answers.set(copy, forCopy.set(key, times));
  }
  return { times };
}
