import { randomUUID } from 'node:crypto';
import type { Closure } from '../../booking/restaurant-settings';
import type { ClosureInput } from '../../booking/settings-schemas';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { upcomingReservations } from './affected-reservations';
import { describeClosure } from './describe-change';
import type { SettingsWrite } from './settings-deps';
import { insertClosure } from './settings-store';

/**
 * Closes a date or a range (a holiday, a private event), with the note guests see. Reservations already on
 * those dates stay until the owner moves or cancels them: the change lists them and waits for `confirm`.
 */
export async function addClosure({ deps, actor, input }: SettingsWrite<ClosureInput>): Promise<Closure> {
  const now = restaurantClock(deps);
  if (input.lastDate < now.today) throw new AppError('invalid_request', 'Last date has already passed');
  return deps.settings.change({
    actor,
    area: 'closures',
    apply: async (trx) => {
      const closure: Closure = {
        id: randomUUID(),
        firstDate: input.firstDate,
        lastDate: input.lastDate,
        note: input.note ?? null,
      };
      const booked = await upcomingReservations(trx, now, { from: closure.firstDate, to: closure.lastDate });
      if (booked.length && !input.confirm) {
        const count = booked.length === 1 ? '1 reservation stands' : `${booked.length} reservations stand`;
        throw new AppError(
          'needs_confirmation',
          `${count} on ${closure.firstDate === closure.lastDate ? 'this date' : 'these dates'}. They stay booked until you move or cancel them. Close anyway?`,
          booked,
        );
      }
      await insertClosure(trx, closure, deps.now().toISOString());
      return { summary: describeClosure(closure.firstDate, closure.lastDate, closure.note), result: closure };
    },
  });
}
