import type { Table } from '../../booking/restaurant-settings';
import type { NewTableInput } from '../../booking/settings-schemas';
import { describeNewTable } from './describe-change';
import type { SettingsWrite } from './settings-deps';
import { insertTable } from './settings-store';
import { checkPlaceFree, nextPosition, nextTableId } from './table-rules';

/** A new table or counter seat, bookable at once on every instance. */
export async function addTable({ deps, actor, input }: SettingsWrite<NewTableInput>): Promise<Table> {
  return deps.settings.change({
    actor,
    area: 'tables',
    apply: async (trx, current) => {
      const table: Table = {
        id: nextTableId(current.tables, input.location),
        location: input.location,
        numSeats: input.numSeats,
        isReservable: input.isReservable,
        position: input.position ?? nextPosition(current.tables, input.location),
      };
      checkPlaceFree(current.tables, table);
      await insertTable(trx, table);
      return { summary: describeNewTable(table), result: table };
    },
  });
}
