import { randomUUID } from 'node:crypto';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { Reservation } from '../../shared/reservation';
import { guestAssignment, plainRefusal } from './table-checks';
import type { ReservationDeps } from './reservation-deps';

/**
 * A guest's booking of no chosen tables goes into its transaction only while the copy of the date's book (with the
 * bookings already in their transactions here counted as made) leaves a table for it, and goes for that table;
 * otherwise it waits for an overlapping booking to end and looks again. When the copies have no room, the refusal is
 * said only once a fresh read agrees (docs/decisions/0016-release-night.md). The transaction decides every booking;
 * this only spares the database the bookings it would refuse.
 */
export async function admitGuestBooking({
  deps,
  input,
  slot,
  book,
  resent,
}: {
  deps: ReservationDeps;
  input: CreateReservationInput;
  slot: { startTime: number; endTime: number };
  /** The booking's transaction, going first for the `preferred` tables. */
  book: (preferred?: string[]) => Promise<Reservation>;
  /** The reservation this booking made already, when it was sent twice at once. */
  resent: () => Promise<Reservation | undefined>;
}): Promise<Reservation> {
  const date = input.reservationDate;
  for (;;) {
    const madeBefore = deps.inFlight.madeCount();
    const copy = await deps.booked.get(date);
    const settings = deps.settings.current();
    if (plainRefusal({ deps, settings, booking: input, booked: copy })) break;
    // A booking made here while the copy was read may be in neither it nor the bookings in flight: read again.
    if (deps.inFlight.madeCount() !== madeBefore) continue;
    const place = guestAssignment({ settings, booking: input, booked: [...copy, ...deps.inFlight.on(date)] });
    if (place.ok) return bookInFlight({ deps, input, slot, tableIds: place.tableIds, book });
    await deps.inFlight.mayHaveRoom(date, slot);
  }
  return bookOrRefuseFresh({ deps, input, book, resent });
}

/** The booking's transaction, counted in the bookings in flight on its date while it runs. */
async function bookInFlight({
  deps,
  input,
  slot,
  tableIds,
  book,
}: {
  deps: ReservationDeps;
  input: CreateReservationInput;
  slot: { startTime: number; endTime: number };
  tableIds: string[];
  book: (preferred?: string[]) => Promise<Reservation>;
}): Promise<Reservation> {
  const end = deps.inFlight.enter(input.reservationDate, {
    id: input.id ?? randomUUID(),
    tableIds,
    ...slot,
    partySize: input.partySize,
  });
  let made = false;
  try {
    const created = await book(tableIds);
    made = true;
    return created;
  } finally {
    end(made);
  }
}

/** The copies said no: the settings and the date's book read fresh, and the refusal said only if they agree. */
async function bookOrRefuseFresh({
  deps,
  input,
  book,
  resent,
}: {
  deps: ReservationDeps;
  input: CreateReservationInput;
  book: () => Promise<Reservation>;
  resent: () => Promise<Reservation | undefined>;
}): Promise<Reservation> {
  const [, booked] = await Promise.all([deps.settings.refresh(), deps.booked.getFresh(input.reservationDate)]);
  // The same booking sent twice at once: the copy refused for the time the other took finds its reservation.
  if (input.id && booked.some((reservation) => reservation.id === input.id)) {
    const made = await resent();
    if (made) return made;
  }
  const refusal = plainRefusal({ deps, settings: deps.settings.current(), booking: input, booked });
  if (refusal) throw refusal;
  return book();
}
