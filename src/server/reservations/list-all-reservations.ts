import type { AdminReservation } from '../../shared/reservation';
import { byDateDescThenStartDesc } from '../../booking/sort-orders';
import { allReservations } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';

export async function listAllReservations({ deps }: { deps: ReservationDeps }): Promise<AdminReservation[]> {
  return (await allReservations(deps.db)).sort(byDateDescThenStartDesc);
}
