import { isIsoDate } from '../../booking/calendar';
import type { AdminReservation } from '../../shared/reservation';
import { byStartThenTable } from '../../booking/sort-orders';
import { reservationsOn } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';

export async function listReservationsOn({
  deps,
  date,
}: {
  deps: ReservationDeps;
  date: string;
}): Promise<AdminReservation[]> {
  if (!isIsoDate(date)) return [];
  return (await reservationsOn(deps.db, date)).sort(byStartThenTable);
}
