import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { describeDistrust } from './describe-change';
import type { SettingsDeps } from './settings-deps';
import { deleteTrustedNetwork } from './settings-store';

/** Stops trusting a network: its bookings count against the limits per network again, from now on. */
export async function distrustNetwork({ deps, actor, id }: { deps: SettingsDeps; actor: Actor; id: string }) {
  return deps.settings.change({
    actor,
    area: 'networks',
    apply: async (trx, current) => {
      const trusted = current.trustedNetworks.find((candidate) => candidate.id === id);
      if (!trusted) throw new AppError('not_found', 'That network is not trusted');
      await deleteTrustedNetwork(trx, id);
      return { summary: describeDistrust(trusted), result: { id } };
    },
  });
}
