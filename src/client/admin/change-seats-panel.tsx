import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as adminMessages from '../../shared/messages/admin';
import * as tableMessages from '../../shared/messages/table-choice';
import { userMessage } from '../api/api-client';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { seatsEnough } from '../../booking/table-choice';
import { partyLabel } from '../reservation-ui/format';
import { SeatTypeToggle } from '../reservation-ui/seat-type-toggle';
import { TableGrid } from '../reservation-ui/table-grid';
import { useTableChoice } from '../reservation-ui/use-table-choice';
import type { Reservation } from '../../shared/reservation';
import { useUpdateReservation } from '../reservation-ui/use-reservation-writes';
import { CANCELLED_ELSEWHERE, refreshAdminLists } from './api/refresh-admin-lists';

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
  const choice = useTableChoice({
    date: reservation.reservationDate,
    startTime: reservation.startTime,
    seatType,
    excludeId: reservation.id,
  });
  const { selected, seats: capacity } = choice;
  const [problem, setProblem] = useState<string | null>(null);

  const queryClient = useQueryClient();
  const save = useUpdateReservation({
    refresh: () => refreshAdminLists(queryClient),
    gone: () => onSaved([{ kind: 'info', text: CANCELLED_ELSEWHERE }]),
    updated: () => {
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
    failed: (error) => setProblem(userMessage(error, adminMessages.updateSeatsFailed)),
  });

  const submit = () => {
    setProblem(null);
    if (!seatsEnough(capacity, reservation.partySize))
      return setProblem(tableMessages.seatsTooFew(capacity, reservation.partySize));
    save.mutate({ id: reservation.id, changes: { tableIds: selected, seatType } });
  };

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
        <SeatTypeToggle
          value={seatType}
          className="py-2"
          onChange={(type) => {
            // Switching clears the selection and loads that kind's free seats.
            setSeatType(type);
            choice.clear();
            setProblem(null);
          }}
        />
      </div>
      <TableGrid choice={choice} seatType={seatType} current={reservation.tableIds} />
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
