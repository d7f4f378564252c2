import type { RestaurantTable } from '../../booking/restaurant-config';
import { loadTables } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';

export async function listTables({ deps }: { deps: ReservationDeps }): Promise<RestaurantTable[]> {
  return loadTables(deps.db);
}
