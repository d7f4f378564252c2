import { isIsoDate, todayIn } from '../../booking/calendar';
import { AppError } from '../http/errors';
import { byDateThenStart } from '../../booking/sort-orders';
import type { ReservationDeps } from './reservation-deps';
import { reservationsDated } from './reservation-store';
import { reservationsCsv } from './reservations-csv';

// The owner takes the book away: every reservation dated within a range (both ends included, either end
// open), or all of them, as a CSV file named for what it holds. Admin only; the route checks.

export interface ExportRange {
  from?: string | undefined;
  to?: string | undefined;
}

export async function exportReservations({
  deps,
  range,
}: {
  deps: ReservationDeps;
  range: ExportRange;
}): Promise<{ fileName: string; csv: string }> {
  // An empty field is no limit (a form's cleared date input).
  const from = range.from || undefined;
  const to = range.to || undefined;
  if (from !== undefined && !isIsoDate(from))
    throw new AppError('invalid_request', 'The start of the range must be a date (YYYY-MM-DD).');
  if (to !== undefined && !isIsoDate(to))
    throw new AppError('invalid_request', 'The end of the range must be a date (YYYY-MM-DD).');
  if (from && to && from > to) throw new AppError('invalid_request', 'The range ends before it starts.');

  const reservations = (await reservationsDated(deps.db, { ...(from ? { from } : {}), ...(to ? { to } : {}) })).sort(
    byDateThenStart,
  );

  const timeZone = deps.config.restaurant.timeZone;
  const span =
    from && to
      ? `${from}-to-${to}`
      : from
        ? `from-${from}`
        : to
          ? `to-${to}`
          : `all-as-of-${todayIn(timeZone, deps.now())}`;
  return { fileName: `reservations-${span}.csv`, csv: reservationsCsv(reservations, timeZone) };
}
