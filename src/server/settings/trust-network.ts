import { randomUUID } from 'node:crypto';
import type { TrustedNetwork } from '../../booking/restaurant-settings';
import type { TrustedNetworkInput } from '../../booking/settings-schemas';
import { AppError } from '../http/errors';
import { describeTrust } from './describe-change';
import type { SettingsWrite } from './settings-deps';
import { insertTrustedNetwork } from './settings-store';

/**
 * Trusts a network (the restaurant's own Wi-Fi, an office that books for its guests): bookings from it are exempt
 * from the limits per network at once, on every instance. What each account may hold still applies.
 */
export async function trustNetwork({
  deps,
  actor,
  input,
}: SettingsWrite<TrustedNetworkInput>): Promise<TrustedNetwork> {
  return deps.settings.change({
    actor,
    area: 'networks',
    apply: async (trx, current) => {
      if (current.trustedNetworks.some((trusted) => trusted.network === input.network))
        throw new AppError('conflict', `${input.network} is already trusted`);
      const trusted: TrustedNetwork = { id: randomUUID(), network: input.network, note: input.note ?? null };
      await insertTrustedNetwork(trx, trusted, deps.now().toISOString());
      return { summary: describeTrust(trusted), result: trusted };
    },
  });
}
