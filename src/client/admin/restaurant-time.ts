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
