import { ADMIN_YEARS_AHEAD, GUEST_DAYS_AHEAD, type DateRefusalReason } from '../../booking/booking-window';
import * as bookingMessages from '../../shared/messages/booking';
import { appConfig, phoneHref } from '../app-config';

/**
 * Why a date offers no times when the date itself cannot be booked (the server's reason), in place of "No times
 * are available", which reads as "full". Dates only a call can book come with the phone number.
 */
export function DateRefusalNote({ reason, isAdmin }: { reason: DateRefusalReason; isAdmin: boolean }) {
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
    closed: 'We are closed on this date. Please choose another date.',
    past: 'This date has passed. Please choose another date.',
    too_soon: <>Online booking opens tomorrow. {callUs('To dine with us today')}</>,
    too_far: isAdmin ? (
      `Reservations can be made up to ${ADMIN_YEARS_AHEAD} years ahead.`
    ) : (
      <>
        Online booking reaches {GUEST_DAYS_AHEAD} days ahead. {callUs('For later dates')}
      </>
    ),
  }[reason];
  return (
    <p role="status" className="mt-2 text-sm text-stone-700">
      {text}
    </p>
  );
}
