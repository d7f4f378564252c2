import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Closure } from '../../../booking/restaurant-settings';
import { closureSchema, type ClosureInput } from '../../../booking/settings-schemas';
import { primaryButton, secondaryButton } from '../../components/buttons';
import { TextField } from '../../components/text-field';
import { formatLongDate } from '../../reservation-ui/format';
import { SaveOutcome, SettingsSection, AddForm } from './settings-parts';
import { useAddClosure } from './api/add-closure';
import { useRemoveClosure } from './api/remove-closure';

const range = (closure: Pick<Closure, 'firstDate' | 'lastDate'>) =>
  closure.firstDate === closure.lastDate
    ? formatLongDate(closure.firstDate)
    : `${formatLongDate(closure.firstDate)} to ${formatLongDate(closure.lastDate)}`;

/** Dates and ranges the restaurant is closed (holidays, a private event), with what guests are told. */
export function ClosuresSection({ closures, today }: { closures: Closure[]; today: string }) {
  const listId = useId();
  const remove = useRemoveClosure();
  const current = closures.filter((closure) => closure.lastDate >= today);
  return (
    <SettingsSection
      id="settings-closures"
      title="Closed dates"
      description="Guests cannot book a closed date, and see your note instead of times. Reservations already made stay until you move or cancel them."
    >
      <h3 id={listId} className="font-semibold text-stone-900">
        Coming up
      </h3>
      {current.length === 0 ? (
        <p className="text-sm text-stone-700">No closed dates ahead.</p>
      ) : (
        <ul aria-labelledby={listId} className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {current.map((closure) => (
            <li key={closure.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <span>
                <strong>{range(closure)}</strong>
                {closure.note ? ` · “${closure.note}”` : ''}
              </span>
              <button
                type="button"
                className={secondaryButton}
                disabled={remove.isPending}
                onClick={() => remove.mutate(closure.id)}
              >
                Reopen<span className="sr-only"> {range(closure)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <SaveOutcome saved={false} error={remove.error} />
      <AddClosureForm today={today} />
    </SettingsSection>
  );
}

function AddClosureForm({ today }: { today: string }) {
  const add = useAddClosure();
  const { register, handleSubmit, formState, reset, getValues } = useForm<ClosureInput>({
    // An empty last date closes the first date alone.
    resolver: (values, context, options) =>
      standardSchemaResolver(closureSchema)(
        { ...values, lastDate: values.lastDate || values.firstDate },
        context,
        options,
      ),
    defaultValues: { firstDate: '', lastDate: '', note: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => add.mutate(values, { onSuccess: () => reset() }));

  return (
    <AddForm headingId="add-closure-heading" title="Close a date or a range" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First date"
          type="date"
          min={today}
          error={errors.firstDate?.message}
          {...register('firstDate')}
        />
        <TextField
          label="Last date"
          type="date"
          min={today}
          hint="Leave empty to close one day."
          error={errors.lastDate?.message}
          {...register('lastDate')}
        />
      </div>
      <TextField
        label="Note for guests (optional)"
        placeholder="Closed for a private event"
        maxLength={120}
        error={errors.note?.message}
        {...register('note')}
      />
      <button type="submit" className={primaryButton} disabled={add.isPending}>
        {add.isPending ? 'Closing…' : 'Close these dates'}
      </button>
      <SaveOutcome
        saved={add.isSuccess}
        savedText="Closed. Guests see it at once."
        error={add.error}
        busy={add.isPending}
        confirmLabel="Close anyway"
        onConfirm={() => {
          const values = getValues();
          add.mutate(
            { ...values, lastDate: values.lastDate || values.firstDate, confirm: true },
            { onSuccess: () => reset() },
          );
        }}
      />
    </AddForm>
  );
}
