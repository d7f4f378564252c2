import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AddToCalendar } from './add-to-calendar';
import type { Reservation } from '../../shared/reservation';
import { formatLongDate, partyLabel, seatTypeLabel, timeRange } from '../reservation-ui/format';

/** Shown after a successful booking, in place of the form (SPEC section 2). */
export function BookingConfirmation({ reservation }: { reservation: Reservation }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Move focus here so screen-reader users hear the confirmation.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-6"
      aria-labelledby="confirmation-heading"
    >
      <h2 id="confirmation-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-emerald-950">
        Your reservation is confirmed
      </h2>
      <dl className="grid gap-2 text-stone-900 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Date</dt>
        <dd>{formatLongDate(reservation.reservationDate)}</dd>
        <dt className="font-semibold">Time</dt>
        <dd>{timeRange(reservation.startTime, reservation.endTime)} (1.5 hours)</dd>
        <dt className="font-semibold">Party size</dt>
        <dd>{partyLabel(reservation.partySize)}</dd>
        <dt className="font-semibold">Seat Type</dt>
        <dd>{seatTypeLabel(reservation.seatType)}</dd>
      </dl>
      <p className="text-stone-800">
        We'll send a reminder to {reservation.reminderEmail} on the morning of your reservation.
      </p>
      <AddToCalendar reservation={reservation} />
      <p className="text-sm text-stone-700">
        To book another table, refresh the page. To see, change or cancel this one, go to{' '}
        <Link className="font-semibold text-red-900 underline" to="/my-reservations">
          My Reservations
        </Link>
        .
      </p>
    </section>
  );
}
