import { flattenError } from 'zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatTime12h } from '../../booking/clock';
import { currentBlockStart } from '../../booking/service-blocks';
import { walkInSchema } from '../../booking/walk-in-schemas';
import { countOf } from '../../booking/words';
import type { AdminReservation } from '../../shared/reservation';
import type { SeatType } from '../../shared/seat-types';
import { userMessage } from '../api/api-client';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { SeatTypeToggle } from '../reservation-ui/seat-type-toggle';
import { TableGrid } from '../reservation-ui/table-grid';
import { useTableChoice } from '../reservation-ui/use-table-choice';
import { useSeatWalkIn } from './api/seat-walk-in';
import { useFormPanel } from './use-form-panel';
import { partyName } from './party-name';
import { useRestaurantNow } from './restaurant-time';

/** The largest party the form offers; a larger one is booked by the admin's form. */
const LARGEST_WALK_IN = 20;

type FieldErrors = Partial<Record<'partySize' | 'name' | 'phoneNumber' | 'tableIds', string[]>>;

/** What the host is told once a walk-in is seated: who, how many, where, from when. */
function seatedText(r: AdminReservation) {
  const where = r.seatType === 'counter' ? `counter seats ${r.tableIds.join(', ')}` : `table ${r.tableIds.join(', ')}`;
  return `Seated ${partyName(r)}, ${countOf(r.partySize, 'guest')}, at ${where} from ${formatTime12h(r.startTime)}.`;
}

/**
 * "Seat a walk-in" on today's date view (docs/decisions/0017-the-host-stand.md): a party at the door, with no
 * account and no email, seated at once at free tables from the half hour under way, or at the tables the host
 * picks. What was done is said beside the button, which takes the focus back.
 */
export function SeatWalkIn({ today }: { today: string }) {
  const { open, said, openButton, show, close } = useFormPanel();
  return (
    <section aria-label="Walk-ins" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {!open && (
          <button ref={openButton} type="button" className={primaryButton} onClick={show}>
            Seat a walk-in
          </button>
        )}
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {said}
        </p>
      </div>
      {open && <WalkInForm today={today} onSeated={close} onClose={() => close(null)} />}
    </section>
  );
}

function WalkInForm({
  today,
  onSeated,
  onClose,
}: {
  today: string;
  onSeated: (text: string) => void;
  onClose: () => void;
}) {
  // One id per party at the door: a resend after a lost answer finds the walk-in it made.
  const [id] = useState(() => crypto.randomUUID());
  const [party, setParty] = useState<Party>({ partySize: '2', seatType: 'table', name: '', phoneNumber: '' });
  const [choosing, setChoosing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { nowHhmm } = useRestaurantNow();
  const from = currentBlockStart(nowHhmm);
  const choice = useTableChoice({ date: today, startTime: from, seatType: party.seatType });
  const seat = useSeatWalkIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tableIds = choosing ? choice.selected : undefined;
    const parsed = walkInSchema.safeParse({ ...party, tableIds });
    if (!parsed.success) return setErrors(flattenError(parsed.error).fieldErrors);
    setErrors({});
    // Through the promise: the form may be gone (the day's list read again) before mutate's own callbacks run.
    seat.mutateAsync({ ...parsed.data, id }).then(
      ({ reservation }) => onSeated(seatedText(reservation)),
      () => undefined,
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="walk-in-heading"
      className="space-y-4 rounded-lg border border-stone-300 bg-white p-4"
    >
      <h2 id="walk-in-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        Seat a walk-in
      </h2>
      <p className="text-sm text-stone-700">
        From {formatTime12h(from)} for 90 minutes. No account and no email: name and phone only if the party gives them.
      </p>
      <PartyFields
        party={party}
        errors={errors}
        onChange={(changes) => {
          // Another seat type: the tables chosen were of the other kind.
          if (changes.seatType) choice.clear();
          setParty((current) => ({ ...current, ...changes }));
        }}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" checked={choosing} onChange={(e) => setChoosing(e.target.checked)} />
        Choose the tables (otherwise free ones are given)
      </label>
      {choosing && <TableGrid choice={choice} seatType={party.seatType} />}
      {errors.tableIds && <Banner kind="error">{errors.tableIds[0]}</Banner>}
      {seat.isError && (
        <Banner kind="error">{userMessage(seat.error, 'The walk-in could not be seated. Please try again.')}</Banner>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={seat.isPending}>
          {seat.isPending ? 'Seating…' : 'Seat walk-in'}
        </button>
      </div>
    </form>
  );
}

/** The party's own fields, as typed (the schema reads them on submit). */
interface Party {
  partySize: string;
  seatType: SeatType;
  name: string;
  phoneNumber: string;
}

function PartyFields({
  party,
  errors,
  onChange,
}: {
  party: Party;
  errors: FieldErrors;
  onChange: (changes: Partial<Party>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Number of Guests"
        value={party.partySize}
        error={errors.partySize?.[0]}
        onChange={(e) => onChange({ partySize: e.target.value })}
      >
        {Array.from({ length: LARGEST_WALK_IN }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
      </SelectField>
      <div role="group" aria-label="Seat type" className="flex items-end gap-2">
        <SeatTypeToggle
          value={party.seatType}
          className="min-h-11 py-2"
          onChange={(seatType) => onChange({ seatType })}
        />
      </div>
      <TextField
        label="Name (optional)"
        autoComplete="off"
        value={party.name}
        error={errors.name?.[0]}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <TextField
        label="Phone Number (optional)"
        type="tel"
        autoComplete="off"
        value={party.phoneNumber}
        error={errors.phoneNumber?.[0]}
        onChange={(e) => onChange({ phoneNumber: e.target.value })}
      />
    </div>
  );
}
