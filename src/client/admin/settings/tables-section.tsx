import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { byTableNumber } from '../../../booking/assign-tables';
import type { SettingsTable, Table } from '../../../booking/restaurant-settings';
import {
  newTableSchema,
  tableChangesSchema,
  type NewTableInput,
  type TableChangesInput,
} from '../../../booking/settings-schemas';
import type { TableLocation } from '../../../shared/seat-types';
import { tableLabel } from '../../../booking/words';
import { primaryButton, secondaryButton } from '../../components/buttons';
import { formatLongDate } from '../../reservation-ui/format';
import { TextField } from '../../components/text-field';
import { SelectField } from '../../components/select-field';
import { SaveOutcome, SettingsSection, AddForm } from './settings-parts';
import { CheckboxField } from '../../components/checkbox-field';
import { useAddTable } from './api/add-table';
import { useChangeTable } from './api/change-table';
import { useRetireTable } from './api/retire-table';

const LOCATIONS: { location: TableLocation; title: string; one: string }[] = [
  { location: 'floor', title: 'Floor tables', one: 'Table' },
  { location: 'counter', title: 'Counter seats', one: 'Counter seat' },
];

/** What the last action in the section answered, and where it shows: at a table's row, the add form, or below the lists. */
interface Outcome {
  at: string;
  saved?: string;
  error?: Error;
}

/** Shows an action's outcome only where it was the last action: each action's message replaces the one before. */
type Report = (outcome: Outcome) => void;

/** The floor plan: each table's seats, whether guests can book it, its place; new tables; retiring one. */
export function TablesSection({ tables }: { tables: SettingsTable[] }) {
  const [last, report] = useState<Outcome | null>(null);
  const outcomeAt = (at: string) =>
    last?.at === at ? (
      <SaveOutcome saved={Boolean(last.saved)} savedText={last.saved} error={last.error ?? null} />
    ) : null;
  return (
    <SettingsSection
      id="settings-tables"
      title="Tables"
      description="Guests book the tables marked bookable online; you can book any. For a larger party, tables combine with the table in the next place (3 and 4), as the floor allows."
    >
      {LOCATIONS.map(({ location, title, one }) => {
        const inUse = tables
          .filter((table) => table.location === location && table.retiredAt === null)
          .sort((a, b) => a.position - b.position || byTableNumber(a, b));
        const retired = tables.filter((table) => table.location === location && table.retiredAt !== null);
        return (
          <div key={location} className="space-y-2">
            <h3 className="font-semibold text-stone-900">{title}</h3>
            <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
              {inUse.map((table) => (
                <li key={table.id}>
                  <TableRow table={table} label={`${one} ${table.id}`} report={report} outcome={outcomeAt(table.id)} />
                </li>
              ))}
            </ul>
            {retired.length > 0 && (
              <p className="text-sm text-stone-600">
                Retired:{' '}
                {retired
                  .sort(byTableNumber)
                  .map((table) => `${table.id} (since ${formatLongDate(table.retiredAt!.slice(0, 10))})`)
                  .join(', ')}
                . Past reservations keep their numbers.
              </p>
            )}
          </div>
        );
      })}
      {outcomeAt('section')}
      <AddTableForm report={report} outcome={outcomeAt('add')} />
    </SettingsSection>
  );
}

function TableRow({
  table,
  label,
  report,
  outcome,
}: {
  table: Table;
  label: string;
  report: Report;
  outcome: ReactNode;
}) {
  const change = useChangeTable();
  const [confirmingRetire, setConfirmingRetire] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<TableChangesInput>({
    resolver: standardSchemaResolver(tableChangesSchema),
    values: { numSeats: table.numSeats, isReservable: table.isReservable, position: table.position },
  });
  const { errors, dirtyFields } = formState;
  const counter = table.location === 'counter';

  const save = handleSubmit((values) => {
    // Only what changed is sent, so the history says just that.
    const changes = Object.fromEntries(
      Object.entries(values).filter(([field]) => dirtyFields[field as keyof TableChangesInput]),
    ) as TableChangesInput;
    change.mutate(
      { id: table.id, changes },
      {
        onSuccess: () => {
          reset();
          report({ at: table.id, saved: `Saved ${tableLabel(table)}.` });
        },
        onError: (error) => report({ at: table.id, error }),
      },
    );
  });

  return (
    <form aria-label={label} noValidate className="space-y-3 p-3" onSubmit={(event) => void save(event)}>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[8rem_6rem_6rem_1fr_auto]">
        <p className="col-span-2 font-semibold text-stone-900 sm:col-span-1 sm:self-center">{label}</p>
        <TextField
          label="Seats"
          type="number"
          min={1}
          max={counter ? 1 : 20}
          readOnly={counter}
          title={counter ? 'A counter seat seats one guest' : undefined}
          error={errors.numSeats?.message}
          {...register('numSeats', { valueAsNumber: true })}
        />
        <TextField
          label="Place"
          type="number"
          min={1}
          max={999}
          error={errors.position?.message}
          {...register('position', { valueAsNumber: true })}
        />
        <CheckboxField label="Bookable online" className="sm:mb-2.5 sm:self-end" {...register('isReservable')} />
        <div className="col-span-2 flex gap-2 sm:col-span-1">
          <button type="submit" className={secondaryButton} disabled={!formState.isDirty || change.isPending}>
            {change.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirmingRetire(true)}>
            Retire
          </button>
        </div>
      </div>
      {confirmingRetire && <RetireConfirm table={table} report={report} close={() => setConfirmingRetire(false)} />}
      {outcome}
    </form>
  );
}

/** "Retire table 9?", asked beside its row; the row is gone once it is retired, and the section says so. */
function RetireConfirm({ table, report, close }: { table: Table; report: Report; close: () => void }) {
  const retire = useRetireTable();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
      <span>Retire {tableLabel(table)}? Guests and you can no longer book it.</span>
      <button
        type="button"
        className={primaryButton}
        disabled={retire.isPending}
        // Through the promise, not mutate's callbacks: the settings read again after a retire drop this row, and
        // mutate's own callbacks never run once their component is gone, so the outcome was at times never said.
        onClick={() =>
          void retire
            .mutateAsync(table.id)
            .then(
              () =>
                report({
                  at: 'section',
                  saved: `Retired ${tableLabel(table)}: nobody can book it now. Past reservations keep its number.`,
                }),
              (error: Error) => report({ at: table.id, error }),
            )
            .finally(close)
        }
      >
        Yes, retire it
      </button>
      <button type="button" className={secondaryButton} onClick={close}>
        No
      </button>
    </div>
  );
}

function AddTableForm({ report, outcome }: { report: Report; outcome: ReactNode }) {
  const add = useAddTable();
  const { register, handleSubmit, formState, reset, control, setValue } = useForm<NewTableInput>({
    resolver: standardSchemaResolver(newTableSchema),
    defaultValues: { location: 'floor', numSeats: 4, isReservable: true },
  });
  const { errors } = formState;
  const counter = useWatch({ control, name: 'location' }) === 'counter';
  const submit = handleSubmit(({ position, ...values }) =>
    // An empty place means "after the last": not sent.
    add.mutate(Number.isNaN(position) || position === undefined ? values : { ...values, position }, {
      onSuccess: ({ table }) => {
        reset();
        report({
          at: 'add',
          saved: `Added ${tableLabel(table)}: ${table.isReservable ? 'guests can book it now.' : 'you can book it now (it is not bookable online).'}`,
        });
      },
      onError: (error) => report({ at: 'add', error }),
    }),
  );

  return (
    <AddForm headingId="add-table-heading" title="Add a table or counter seat" onSubmit={(event) => void submit(event)}>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[10rem_6rem_8rem_1fr_auto]">
        <SelectField
          label="Kind"
          className="col-span-2 sm:col-span-1"
          {...register('location', {
            // A counter seat seats one guest; a table starts at four again.
            onChange: (event: ChangeEvent<HTMLSelectElement>) =>
              setValue('numSeats', event.target.value === 'counter' ? 1 : 4),
          })}
        >
          <option value="floor">Floor table</option>
          <option value="counter">Counter seat</option>
        </SelectField>
        <TextField
          label="Seats"
          type="number"
          min={1}
          max={counter ? 1 : 20}
          readOnly={counter}
          hint={counter ? 'One guest a seat.' : undefined}
          error={errors.numSeats?.message}
          {...register('numSeats', { valueAsNumber: true })}
        />
        <TextField
          label="Place (optional)"
          type="number"
          min={1}
          max={999}
          placeholder="last"
          error={errors.position?.message}
          {...register('position', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
        />
        <CheckboxField label="Bookable online" className="sm:mb-2.5 sm:self-end" {...register('isReservable')} />
        <button type="submit" className={`${primaryButton} col-span-2 sm:col-span-1`} disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add'}
        </button>
      </div>
      {outcome}
    </AddForm>
  );
}
