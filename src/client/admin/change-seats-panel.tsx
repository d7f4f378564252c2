import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as adminMessages from '../../shared/messages/admin';
import * as bookingMessages from '../../shared/messages/booking';
import { api, unwrap, userMessage } from '../api/api-client';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { partyLabel } from '../reservations/format';
import type { Reservation } from '../../shared/reservation';

interface Props {
  reservation: Reservation;
  /** The panel's heading, which takes the focus when it opens. */
  headingId: string;
  onSaved: (notices: BannerMessage[]) => void;
  onClose: () => void;
}

/** Change Seats: pick any free tables or counter seats for the reservation's slot (SPEC section 2). */
export function ChangeSeatsPanel({ reservation, headingId, onSaved, onClose }: Props) {
  const [seatType, setSeatType] = useState(reservation.seatType);
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const available = useQuery({
    queryKey: ['admin', 'available-tables', reservation.id, seatType],
    queryFn: () =>
      unwrap(
        api.tables.available.$get({
          query: {
            date: reservation.reservationDate,
            startTime: String(reservation.startTime),
            seatType,
            excludeId: reservation.id,
          },
        }),
      ),
  });
  const tables = available.data?.tables ?? [];
  const capacity = tables.filter((t) => selected.includes(t.id)).reduce((sum, t) => sum + t.numSeats, 0);

  const save = useMutation({
    mutationFn: () =>
      unwrap(api.reservations[':id'].$patch({ param: { id: reservation.id }, json: { tableIds: selected, seatType } })),
    onSuccess: () => {
      const notices: BannerMessage[] = [{ kind: 'success', text: adminMessages.seatsUpdated }];
      // Saved anyway; the spec only warns about wasted counter seats.
      if (seatType === 'counter' && selected.length > reservation.partySize) {
        notices.push({
          kind: 'warning',
          text: adminMessages.counterOverSelection(selected.length, reservation.partySize),
        });
      }
      onSaved(notices);
    },
    onError: (error) => setProblem(userMessage(error, adminMessages.updateSeatsFailed)),
  });

  const submit = () => {
    setProblem(null);
    if (capacity < reservation.partySize)
      return setProblem(bookingMessages.seatsTooFew(capacity, reservation.partySize));
    save.mutate();
  };

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <section aria-label="Change Seats" className="mt-4 space-y-4 rounded-md border border-stone-300 bg-stone-50 p-4">
      <h3 id={headingId} tabIndex={-1} className="font-semibold text-stone-900">
        Change Seats
      </h3>
      <p className="text-sm text-stone-800">
        Current tables: {reservation.tableIds.length ? reservation.tableIds.join(', ') : adminMessages.noTablesAssigned}{' '}
        · Party: {partyLabel(reservation.partySize)}
      </p>
      <div className="flex gap-2" role="group" aria-label="Seat type">
        {(['table', 'counter'] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={seatType === type}
            onClick={() => {
              // Switching clears the selection and loads that kind's free seats.
              setSeatType(type);
              setSelected([]);
              setProblem(null);
            }}
            className={`rounded-md border px-4 py-2 text-sm font-semibold ${seatType === type ? 'border-red-900 bg-red-900 text-white' : 'border-stone-300 bg-white text-stone-800'}`}
          >
            {type === 'table' ? 'Table' : 'Counter'}
          </button>
        ))}
      </div>
      {available.isPending ? (
        <Spinner label="Loading available tables" />
      ) : available.isError ? (
        <Banner kind="error">{adminMessages.loadTablesFailed}</Banner>
      ) : tables.length === 0 ? (
        <p className="text-sm text-stone-700">
          {seatType === 'counter' ? bookingMessages.noAvailableCounterSeats : bookingMessages.noAvailableTables}
        </p>
      ) : (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {tables.map((table) => (
            <button
              key={table.id}
              type="button"
              aria-pressed={selected.includes(table.id)}
              onClick={() => toggle(table.id)}
              className={`rounded-md border px-2 py-2 text-sm ${selected.includes(table.id) ? 'border-red-900 bg-red-900 text-white' : 'border-stone-300 bg-white text-stone-800'}`}
            >
              <span className="block font-semibold">{table.id}</span>
              <span className="block text-xs">
                {table.numSeats} {table.numSeats === 1 ? 'seat' : 'seats'}
              </span>
            </button>
          ))}
        </div>
      )}
      <p className="text-sm text-stone-800" aria-live="polite">
        Selected tables: {selected.length ? selected.join(', ') : 'none'} · Capacity: {capacity}/{reservation.partySize}
      </p>
      {problem && <Banner kind="error">{problem}</Banner>}
      <div className="flex gap-3">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={selected.length === 0 || save.isPending}
          onClick={submit}
        >
          Save Changes
        </button>
      </div>
    </section>
  );
}
