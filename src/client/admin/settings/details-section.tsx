import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useFieldArray, useForm } from 'react-hook-form';
import type { RestaurantDetails } from '../../../booking/restaurant-settings';
import { detailsSchema, type DetailsInput } from '../../../booking/settings-schemas';
import { secondaryButton } from '../../components/buttons';
import { TextField } from '../../components/text-field';
import { SaveOutcome, SettingsForm, SettingsSection } from './settings-parts';
import { useUpdateDetails } from './api/update-details';

const MAX_LINKS = 8;

/** Who the restaurant is: the header, the footer, the legal pages and every email say it. */
export function DetailsSection({ details }: { details: RestaurantDetails }) {
  const save = useUpdateDetails();
  const { register, handleSubmit, formState, control } = useForm<DetailsInput>({
    resolver: standardSchemaResolver(detailsSchema),
    values: details,
  });
  const links = useFieldArray({ control, name: 'links' });
  const { errors } = formState;

  return (
    <SettingsSection
      id="settings-details"
      title="Restaurant details"
      description="Shown in the header and footer, on the legal pages and in every email. This page shows them at once; pages open elsewhere when next loaded."
    >
      <SettingsForm
        labelledBy="settings-details"
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
        submitLabel="Save details"
        dirty={formState.isDirty}
        busy={save.isPending}
        outcome={<SaveOutcome saved={save.isSuccess} error={save.error} />}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Restaurant name" maxLength={80} error={errors.name?.message} {...register('name')} />
          <TextField label="Phone" type="tel" maxLength={20} error={errors.phone?.message} {...register('phone')} />
        </div>
        <TextField label="Address" maxLength={200} error={errors.address?.message} {...register('address')} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800">Links to the restaurant elsewhere</legend>
          {links.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[12rem_1fr_auto]">
              <TextField
                label={`Link ${index + 1} name`}
                placeholder="Instagram"
                error={errors.links?.[index]?.label?.message}
                {...register(`links.${index}.label`)}
              />
              <TextField
                label={`Link ${index + 1} address`}
                type="url"
                placeholder="https://www.instagram.com/…"
                error={errors.links?.[index]?.url?.message}
                {...register(`links.${index}.url`)}
              />
              <button type="button" className={secondaryButton} onClick={() => links.remove(index)}>
                Remove<span className="sr-only"> link {index + 1}</span>
              </button>
            </div>
          ))}
          {links.fields.length < MAX_LINKS && (
            <button type="button" className={secondaryButton} onClick={() => links.append({ label: '', url: '' })}>
              Add a link
            </button>
          )}
        </fieldset>
      </SettingsForm>
    </SettingsSection>
  );
}
