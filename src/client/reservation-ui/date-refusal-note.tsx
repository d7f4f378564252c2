import {
  ADMIN_YEARS_AHEAD,
  closedDateMessage,
  closedOnWeekday,
  type DateRefusalReason,
} from '../../booking/booking-window';
import * as bookingMessages from '../../shared/messages/booking';
import { appConfig, phoneHref } from '../app-config';

/**
 * Why a date offers no times when the date itself cannot be booked (the server's reason), in place of "No times
 * are available", which reads as "full". Dates only a call can book come with the phone number.
 */
export function DateRefusalNote({
  reason,
  date,
  note,
  isAdmin,
}: {
  reason: DateRefusalReason;
  date: string;
  /** The owner's words for a closed date ("Closed for a private event"). */
  note?: string | undefined;
  isAdmin: boolean;
}) {
  const callUs = (lead: string) => (
    <>
      {lead}, please call us at{' '}
      <a className="font-semibold underline" href={phoneHref(appConfig.phone)}>
        {appConfig.phone}
      </a>
      .
    </>
  );
  const text = {
    invalid: 'Please select a date.',
    monday: `${bookingMessages.closedMondays}.`,
    closed_weekday: `${closedOnWeekday(date)}. Please choose another date.`,
    closed: `${closedDateMessage(note)}. Please choose another date.`,
    past: 'This date has passed. Please choose another date.',
    too_soon: <>Online booking opens tomorrow. {callUs('To dine with us today')}</>,
    too_far: isAdmin ? (
      `Reservations can be made up to ${ADMIN_YEARS_AHEAD} years ahead.`
    ) : (
      <>
        Online booking reaches {appConfig.guestDaysAhead} days ahead. {callUs('For later dates')}
      </>
    ),
  }[reason];
  return (
    <p role="status" className="mt-2 text-sm text-stone-700">
      {text}
    </p>
  );
}
