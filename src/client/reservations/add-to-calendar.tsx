import { appConfig } from '../app-config';
import { secondaryButton } from '../components/buttons';
import { calendarFileName, reservationCalendarFile } from './calendar-file';
import type { Reservation } from '../../shared/reservation';

/** Downloads the reservation as an .ics file that phones and desktop calendars open. */
export function AddToCalendar({ reservation }: { reservation: Reservation }) {
  const file = reservationCalendarFile(reservation, appConfig, window.location.origin);
  return (
    <a
      className={secondaryButton}
      href={`data:text/calendar;charset=utf-8,${encodeURIComponent(file)}`}
      download={calendarFileName(appConfig.restaurantName, reservation.reservationDate)}
    >
      Add to calendar
    </a>
  );
}
