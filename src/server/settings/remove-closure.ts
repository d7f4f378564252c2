import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { describeReopening } from './describe-change';
import type { SettingsDeps } from './settings-deps';
import { deleteClosure } from './settings-store';

/** Opens closed dates again: guests can book them at once. */
export async function removeClosure({ deps, actor, id }: { deps: SettingsDeps; actor: Actor; id: string }) {
  return deps.settings.change({
    actor,
    area: 'closures',
    apply: async (trx, current) => {
      const closure = current.closures.find((candidate) => candidate.id === id);
      if (!closure) throw new AppError('not_found', 'That closure does not exist');
      await deleteClosure(trx, id);
      return { summary: describeReopening(closure.firstDate, closure.lastDate), result: { id } };
    },
  });
}
