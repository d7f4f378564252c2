import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import type { BookingRules } from '../../../booking/restaurant-settings';
import { rulesSchema, type RulesInput } from '../../../booking/settings-schemas';
import { TextField } from '../../components/text-field';
import { SaveOutcome, SettingsForm, SettingsSection } from './settings-parts';
import { CheckboxField } from '../../components/checkbox-field';
import { useUpdateRules } from './api/update-rules';

type NumberRule = Exclude<keyof RulesInput, 'allowOverlap'>;

const NUMBER_RULES: { field: NumberRule; label: string; min: number; max: number; hint?: string }[] = [
  { field: 'guestDaysAhead', label: 'How far ahead guests can book (days)', min: 1, max: 730 },
  {
    field: 'maxCoversPerSeating',
    label: 'Guests per seating (0: no cap)',
    min: 0,
    max: 1000,
    hint: 'All who start dinner at one time, tables and counter together.',
  },
  { field: 'maxUpcoming', label: 'Upcoming reservations per guest (0: no limit)', min: 0, max: 100 },
  { field: 'maxPerDate', label: 'Reservations per guest per date (0: no limit)', min: 0, max: 20 },
];

/** How far ahead guests book, what one guest may hold, and the kitchen's covers per seating. */
export function RulesSection({ rules }: { rules: BookingRules }) {
  const save = useUpdateRules();
  const { register, handleSubmit, formState } = useForm<RulesInput>({
    resolver: standardSchemaResolver(rulesSchema),
    values: rules,
  });

  return (
    <SettingsSection
      id="settings-rules"
      title="Booking rules"
      description="What guests booking online may do; you are not held to them. Guests always book from tomorrow; 0 means no limit."
    >
      <SettingsForm
        labelledBy="settings-rules"
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
        submitLabel="Save booking rules"
        dirty={formState.isDirty}
        busy={save.isPending}
        outcome={<SaveOutcome saved={save.isSuccess} error={save.error} />}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBER_RULES.map(({ field, label, min, max, hint }) => (
            <TextField
              key={field}
              label={label}
              type="number"
              min={min}
              max={max}
              {...(hint ? { hint } : {})}
              error={formState.errors[field]?.message}
              {...register(field, { valueAsNumber: true })}
            />
          ))}
        </div>
        <CheckboxField label="A guest may hold reservations that overlap in time" {...register('allowOverlap')} />
      </SettingsForm>
    </SettingsSection>
  );
}
