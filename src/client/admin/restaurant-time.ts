import { useEffect, useState } from 'react';
import { formatLongDate, todayIn } from '../../booking/calendar';
import { formatTime12h } from '../../booking/clock';
import { clockIn } from '../../booking/wall-clock';
import { appConfig } from '../app-config';

// Instants the server recorded (a change, a mark), written as the restaurant's clock and calendar show them.

/** "7:42 PM", in the restaurant's zone. */
export const timeAt = (iso: string) => formatTime12h(clockIn(appConfig.timeZone, new Date(iso)));

/** "Tuesday, November 24, 2026, 7:42 PM", in the restaurant's zone. */
export const dateAndTimeAt = (iso: string) =>
  `${formatLongDate(todayIn(appConfig.timeZone, new Date(iso)))}, ${timeAt(iso)}`;

/** How often the host stand looks at the clock again: a party becomes late, a seating begins, with nothing else new. */
const TICK_MS = 30_000;

/** The restaurant's today and wall clock (HHMM), read again every half minute. */
export function useRestaurantNow() {
  const read = () => {
    const now = new Date();
    return { today: todayIn(appConfig.timeZone, now), nowHhmm: clockIn(appConfig.timeZone, now) };
  };
  const [moment, setMoment] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setMoment(read()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return moment;
}
