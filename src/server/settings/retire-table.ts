import type { Actor } from '../http/app-env';
import { countOf, TableLabel } from '../../booking/words';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { upcomingOnTable } from './affected-reservations';
import { describeRetirement } from './describe-change';
import type { SettingsDeps } from './settings-deps';
import { markTableRetired } from './settings-store';

/**
 * Takes a table out of use: it is offered and assigned no more, and past reservations keep its id. A table that
 * holds upcoming reservations is refused, listing them, until they are moved with Change Seats.
 */
export async function retireTable({ deps, actor, id }: { deps: SettingsDeps; actor: Actor; id: string }) {
  return deps.settings.change({
    actor,
    area: 'tables',
    apply: async (trx, current) => {
      const found = current.tables.find((table) => table.id === id);
      if (!found) throw new AppError('not_found', `There is no table or counter seat ${id}`);
      if (found.retiredAt) throw new AppError('conflict', `${TableLabel(found)} is already retired`);
      const holding = await upcomingOnTable(trx, restaurantClock(deps), id);
      if (holding.length) {
        throw new AppError(
          'strands_reservations',
          `${TableLabel(found)} holds ${countOf(holding.length, 'upcoming reservation')}. Move ${holding.length === 1 ? 'it' : 'them'} to other tables with Change Seats before retiring it.`,
          holding,
        );
      }
      await markTableRetired(trx, id, deps.now().toISOString());
      return { summary: describeRetirement(found), result: { id } };
    },
  });
}
