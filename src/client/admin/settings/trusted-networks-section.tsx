import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { TrustedNetwork } from '../../../booking/restaurant-settings';
import { trustedNetworkSchema, type TrustedNetworkInput } from '../../../booking/settings-schemas';
import { primaryButton, secondaryButton } from '../../components/buttons';
import { TextField } from '../../components/text-field';
import { SaveOutcome, SettingsSection, AddForm } from './settings-parts';
import { useDistrustNetwork } from './api/distrust-network';
import { useTrustNetwork } from './api/trust-network';

/**
 * Networks whose bookings skip the limits per network (docs/decisions/0014): the restaurant's own Wi-Fi, an
 * office that books for its guests. Each account's own limits still apply there.
 */
export function TrustedNetworksSection({ trustedNetworks }: { trustedNetworks: TrustedNetwork[] }) {
  const listId = useId();
  const distrust = useDistrustNetwork();
  return (
    <SettingsSection
      id="settings-networks"
      title="Trusted networks"
      description="New accounts (under a day old) booking from one network share one reservation a date, so that one person with many accounts cannot take a night. Bookings from a network you trust are not limited this way: add the restaurant's own Wi-Fi, or an office that books for its guests."
    >
      <h3 id={listId} className="font-semibold text-stone-900">
        Trusted now
      </h3>
      {trustedNetworks.length === 0 ? (
        <p className="text-sm text-stone-700">No trusted networks.</p>
      ) : (
        <ul aria-labelledby={listId} className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {trustedNetworks.map((trusted) => (
            <li key={trusted.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <span>
                <strong className="font-mono">{trusted.network}</strong>
                {trusted.note ? ` · ${trusted.note}` : ''}
              </span>
              <button
                type="button"
                className={secondaryButton}
                disabled={distrust.isPending}
                onClick={() => distrust.mutate(trusted.id)}
              >
                Stop trusting<span className="sr-only"> {trusted.network}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <SaveOutcome saved={false} error={distrust.error} />
      <TrustNetworkForm />
    </SettingsSection>
  );
}

function TrustNetworkForm() {
  const trust = useTrustNetwork();
  const { register, handleSubmit, formState, reset } = useForm<TrustedNetworkInput>({
    resolver: standardSchemaResolver(trustedNetworkSchema),
    defaultValues: { network: '', note: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => trust.mutate(values, { onSuccess: () => reset() }));
  return (
    <AddForm headingId="trust-network-heading" title="Trust a network" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Network"
          placeholder="203.0.113.7 or 203.0.113.0/24"
          hint="An address, or a range. Bookings by network on the dashboard show each guest's."
          autoComplete="off"
          spellCheck={false}
          error={errors.network?.message}
          {...register('network')}
        />
        <TextField
          label="Whose it is (optional)"
          placeholder="Our Wi-Fi"
          maxLength={80}
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      <button type="submit" className={primaryButton} disabled={trust.isPending}>
        {trust.isPending ? 'Saving…' : 'Trust this network'}
      </button>
      <SaveOutcome
        saved={trust.isSuccess}
        savedText="Trusted. Its bookings skip the limits per network from now on."
        error={trust.error}
      />
    </AddForm>
  );
}
