import { activeTables, type Table } from '../../booking/restaurant-settings';
import type { ReservationDeps } from './reservation-deps';

/** The tables in use (the admin's floor plan), from this instance's copy of the owner's settings. */
export function listTables({ deps }: { deps: ReservationDeps }): Table[] {
  return activeTables(deps.settings.current().tables);
}
