import type { Table } from '../../booking/restaurant-settings';
import { COUNTER_SEAT_SEATS_ONE, type TableChangesInput } from '../../booking/settings-schemas';
import { countOf, TableLabel } from '../../booking/words';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { upcomingOnTable } from './affected-reservations';
import { describeTableChange, sameSetting } from './describe-change';
import type { SettingsDeps } from './settings-deps';
import { writeTableChanges } from './settings-store';
import { checkPlaceFree, strandedBySeats, strands } from './table-rules';

/**
 * A table's seats, whether guests can book it online, and its place in the floor order. Fewer seats than an
 * upcoming reservation on it needs is refused, listing those reservations, until they are moved.
 */
export async function changeTable({
  deps,
  actor,
  id,
  changes,
}: {
  deps: SettingsDeps;
  actor: Actor;
  id: string;
  changes: TableChangesInput;
}): Promise<Table> {
  return deps.settings.change({
    actor,
    area: 'tables',
    apply: async (trx, current) => {
      const found = current.tables.find((table) => table.id === id);
      if (!found) throw new AppError('not_found', `There is no table or counter seat ${id}`);
      if (found.retiredAt) throw new AppError('conflict', `${TableLabel(found)} is retired`);
      if (found.location === 'counter' && changes.numSeats !== undefined && changes.numSeats !== 1)
        throw new AppError('invalid_request', COUNTER_SEAT_SEATS_ONE);
      const { retiredAt: _retired, ...before } = found;
      const after: Table = {
        ...before,
        ...(changes.numSeats !== undefined ? { numSeats: changes.numSeats } : {}),
        ...(changes.isReservable !== undefined ? { isReservable: changes.isReservable } : {}),
        ...(changes.position !== undefined ? { position: changes.position } : {}),
      };
      if (sameSetting(before, after)) return { unchanged: true, result: after };
      checkPlaceFree(current.tables, after);
      if (after.numSeats < before.numSeats) {
        const stranded = strandedBySeats(await upcomingOnTable(trx, restaurantClock(deps), id), current.tables, after);
        if (stranded.length) throw strands(`${TableLabel(after)} with ${countOf(after.numSeats, 'seat')}`, stranded);
      }
      await writeTableChanges(trx, after);
      return { summary: describeTableChange(before, after), result: after };
    },
  });
}
