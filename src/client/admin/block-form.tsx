import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flattenError } from 'zod';
import { byTableNumber } from '../../booking/assign-tables';
import { createBlockSchema } from '../../booking/block-schemas';
import { formatTime12h } from '../../booking/clock';
import type { Table } from '../../booking/restaurant-settings';
import type { SeatBlock } from '../../shared/seat-block';
import { ApiError, userMessage } from '../api/api-client';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { CheckboxField } from '../components/checkbox-field';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { useCreateBlock } from './api/seat-blocks';
import { AffectedReservations } from './settings/settings-parts';

type FieldErrors = Partial<Record<'tableIds' | 'firstDate' | 'lastDate' | 'startTime' | 'endTime' | 'note', string[]>>;

const EVENING = { startTime: 1700, endTime: 2100 };

/** Every half hour of the day, and midnight at its end: a block's times (HHMM). */
const HALF_HOURS = Array.from({ length: 49 }, (_, i) => Math.floor(i / 2) * 100 + (i % 2) * 30);

/**
 * "Block seats": tables or counter seats held back on a date (or a run of dates), for a time range or the whole
 * day, with a short note. A refusal over reservations lists them, each a click from Change Seats.
 */
export function BlockForm({
  date,
  tables,
  onBlocked,
  onClose,
}: {
  date: string;
  tables: Table[];
  onBlocked: (block: SeatBlock) => void;
  onClose: () => void;
}) {
  const [tableIds, setTableIds] = useState<string[]>([]);
  // From the evening's first seating to 9 PM by default: most blocks are for one evening.
  const [when, setWhen] = useState<When>({ firstDate: date, lastDate: date, wholeDay: false, ...EVENING });
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const create = useCreateBlock();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { wholeDay, startTime, endTime, ...dates } = when;
    const parsed = createBlockSchema.safeParse({
      tableIds,
      ...dates,
      ...(wholeDay ? {} : { startTime, endTime }),
      note,
    });
    if (!parsed.success) return setErrors(flattenError(parsed.error).fieldErrors);
    setErrors({});
    // Through the promise: the form may be gone (the day read again) before mutate's own callbacks run.
    create.mutateAsync(parsed.data).then(
      ({ block }) => onBlocked(block),
      () => undefined,
    );
  };
  const toggle = (id: string) =>
    setTableIds((chosen) => (chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]));

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="block-heading"
      className="space-y-4 rounded-lg border border-stone-300 bg-white p-4"
    >
      <h3 id="block-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        Block seats
      </h3>
      <TableChecks tables={tables} chosen={tableIds} error={errors.tableIds?.[0]} onToggle={toggle} />
      <WhenFields
        when={when}
        errors={errors}
        onChange={(changes) => setWhen((current) => ({ ...current, ...changes }))}
      />
      <TextField
        label="Note"
        hint='Why, in a few words: "held for regulars", "wobbly chair".'
        maxLength={80}
        value={note}
        error={errors.note?.[0]}
        onChange={(e) => setNote(e.target.value)}
      />
      {create.isError && <BlockRefusal error={create.error} />}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={create.isPending}>
          {create.isPending ? 'Blocking…' : 'Block seats'}
        </button>
      </div>
    </form>
  );
}

/** When a block holds its seats, as the form has it. */
interface When {
  firstDate: string;
  lastDate: string;
  wholeDay: boolean;
  startTime: number;
  endTime: number;
}

/** The dates (a new first date moves the last with it), and the whole day or a time range on each. */
function WhenFields({
  when,
  errors,
  onChange,
}: {
  when: When;
  errors: FieldErrors;
  onChange: (changes: Partial<When>) => void;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First date"
          type="date"
          value={when.firstDate}
          error={errors.firstDate?.[0]}
          onChange={(e) => onChange({ firstDate: e.target.value, lastDate: e.target.value })}
        />
        <TextField
          label="Last date"
          type="date"
          value={when.lastDate}
          error={errors.lastDate?.[0]}
          onChange={(e) => onChange({ lastDate: e.target.value })}
        />
      </div>
      <CheckboxField
        className="min-h-11"
        label="The whole day"
        checked={when.wholeDay}
        onChange={(e) => onChange({ wholeDay: e.target.checked })}
      />
      {!when.wholeDay && (
        <div className="grid gap-4 sm:grid-cols-2">
          {(['startTime', 'endTime'] as const).map((which) => (
            <SelectField
              key={which}
              label={which === 'startTime' ? 'From' : 'Until'}
              value={when[which]}
              error={errors[which]?.[0]}
              onChange={(e) => onChange({ [which]: Number(e.target.value) })}
            >
              {HALF_HOURS.map((hhmm) => (
                <option key={hhmm} value={hhmm}>
                  {hhmm === 2400 ? 'Midnight' : formatTime12h(hhmm)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      )}
    </>
  );
}

/** The tables and counter seats in use, each a checkbox. */
function TableChecks({
  tables,
  chosen,
  error,
  onToggle,
}: {
  tables: Table[];
  chosen: string[];
  error: string | undefined;
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">Tables and counter seats</legend>
      <div className="mt-1 grid grid-cols-3 gap-x-3 sm:grid-cols-6">
        {[...tables].sort(byTableNumber).map((table) => (
          <CheckboxField
            key={table.id}
            className="min-h-11"
            label={table.id}
            checked={chosen.includes(table.id)}
            onChange={() => onToggle(table.id)}
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/** Why the seats could not be blocked, with the reservations in the way, each a click from Change Seats. */
function BlockRefusal({ error }: { error: Error }) {
  const stranded = error instanceof ApiError ? error.reservations : [];
  return (
    <Banner kind="error">
      <p>{userMessage(error, 'The seats could not be blocked. Please try again.')}</p>
      {stranded.length > 0 && <AffectedReservations reservations={stranded} />}
    </Banner>
  );
}
