import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { WeeklyHours } from '../../../booking/restaurant-settings';
import { WEEKDAY_NAMES } from '../../../booking/weekdays';
import { hoursSchema, type HoursInput } from '../../../booking/settings-schemas';
import { inputClass, SaveOutcome, SettingsForm, SettingsSection } from './settings-parts';
import { CheckboxField } from '../../components/checkbox-field';
import { SelectField } from '../../components/select-field';
import { useUpdateHours } from './api/update-hours';

/** Intervals between seatings the double-booking guard supports: whole half hours. */
const INTERVALS = [30, 60, 90, 120, 150, 180, 210, 240];

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Monday first, as a week reads on a restaurant's door; stored Sunday first. */
const WEEK_ORDER: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** The seatings of each weekday, and the weekdays closed. */
export function HoursSection({ hours }: { hours: WeeklyHours }) {
  // A closed day keeps its times (dimmed, still editable), ready for the day it opens again.
  const save = useUpdateHours();
  const { register, handleSubmit, formState, control, getValues } = useForm<HoursInput>({
    resolver: standardSchemaResolver(hoursSchema),
    values: { hours: hours as HoursInput['hours'] },
  });
  const openDays = useWatch({ control, name: 'hours' }).map((day) => day.open);
  const submit = handleSubmit(({ hours: next }) => save.mutate({ hours: next }));

  return (
    <SettingsSection
      id="settings-hours"
      title="Hours"
      description="The dinner seatings of each weekday. Each reservation lasts 90 minutes; seatings start on the hour or half hour, the last by 10:30 PM."
    >
      <SettingsForm
        labelledBy="settings-hours"
        onSubmit={(event) => void submit(event)}
        submitLabel="Save hours"
        dirty={formState.isDirty}
        busy={save.isPending}
        outcome={
          <SaveOutcome
            saved={save.isSuccess}
            error={save.error}
            busy={save.isPending}
            confirmLabel="Save anyway"
            onConfirm={() => save.mutate({ hours: getValues('hours'), confirm: true })}
          />
        }
      >
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {WEEK_ORDER.map((weekday) => (
            <DayRow
              key={weekday}
              weekday={weekday}
              open={openDays[weekday] ?? true}
              register={register}
              errors={formState.errors.hours?.[weekday]}
            />
          ))}
        </ul>
      </SettingsForm>
    </SettingsSection>
  );
}

type DayErrors = NonNullable<
  NonNullable<ReturnType<typeof useForm<HoursInput>>['formState']['errors']['hours']>[number]
>;

function DayRow({
  weekday,
  open,
  register,
  errors,
}: {
  weekday: Weekday;
  open: boolean;
  register: ReturnType<typeof useForm<HoursInput>>['register'];
  errors: DayErrors | undefined;
}) {
  const ids = { first: useId(), last: useId(), errors: useId() };
  const name = WEEKDAY_NAMES[weekday];
  const problems = [errors?.first?.message, errors?.last?.message, errors?.everyMinutes?.message].filter(Boolean);
  const invalid = (field: 'first' | 'last' | 'everyMinutes') =>
    errors?.[field] ? { 'aria-invalid': true, 'aria-describedby': ids.errors } : {};
  const field = `hours.${weekday}` as const;
  return (
    <li className="space-y-2 p-3">
      <fieldset
        className={`grid grid-cols-2 items-end gap-3 sm:grid-cols-[8rem_6rem_1fr_1fr_1fr] ${open ? '' : 'rounded-md bg-stone-100'}`}
      >
        <legend className="sr-only">{name}</legend>
        <p aria-hidden="true" className="col-span-2 font-semibold text-stone-900 sm:col-span-1 sm:self-center">
          {name}
        </p>
        <CheckboxField
          label="Open"
          aria-label={`Open on ${name}s`}
          className="col-span-2 sm:col-span-1 sm:self-center"
          {...register(`${field}.open`)}
        />
        {(['first', 'last'] as const).map((which) => (
          <div key={which}>
            <label htmlFor={ids[which]} className="block text-sm font-medium text-stone-800">
              {which === 'first' ? 'First seating' : 'Last seating'}
            </label>
            <input
              id={ids[which]}
              type="time"
              step={1800}
              className={inputClass(Boolean(errors?.[which]))}
              {...invalid(which)}
              {...register(`${field}.${which}`)}
            />
          </div>
        ))}
        <SelectField
          label="Every"
          className="col-span-2 sm:col-span-1"
          {...invalid('everyMinutes')}
          {...register(`${field}.everyMinutes`, { valueAsNumber: true })}
        >
          {INTERVALS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </SelectField>
      </fieldset>
      {problems.length > 0 && (
        <p id={ids.errors} className="text-sm text-red-700">
          {problems.join(' ')}
        </p>
      )}
    </li>
  );
}
