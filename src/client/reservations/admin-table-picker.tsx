import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as adminMessages from '../../shared/messages/admin';
import * as bookingMessages from '../../shared/messages/booking';
import { api, unwrap } from '../api/api-client';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { formatTime12h } from './format';
import type { SeatType } from '../../shared/seat-types';

interface Props {
  date: string;
  startTime: number;
  seatType: SeatType;
  partySize: number;
  onConfirm: (tableIds: string[]) => void;
  onBack: () => void;
}

/** The admin's manual table picker, opened by choosing a time on the booking form (SPEC section 2). */
export function AdminTablePicker({ date, startTime, seatType, partySize, onConfirm, onBack }: Props) {
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const available = useQuery({
    queryKey: ['admin', 'picker', date, startTime, seatType],
    queryFn: () => unwrap(api.tables.available.$get({ query: { date, startTime: String(startTime), seatType } })),
  });
  const tables = available.data?.tables ?? [];
  const seats = tables.filter((t) => selected.includes(t.id)).reduce((sum, t) => sum + t.numSeats, 0);

  const confirm = () => {
    if (selected.length === 0) return setProblem(bookingMessages.selectAtLeastOneTable);
    if (seats < partySize) return setProblem(bookingMessages.needMoreSeats(partySize, seats));
    setProblem(null);
    onConfirm(selected);
  };

  return (
    <div className="mt-3 space-y-3 rounded-md border border-stone-300 bg-stone-50 p-4">
      <p className="text-sm font-semibold text-stone-900">Choose tables for {formatTime12h(startTime)}</p>
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
              onClick={() =>
                setSelected((s) => (s.includes(table.id) ? s.filter((x) => x !== table.id) : [...s, table.id]))
              }
              className={`rounded-md border px-2 py-2 text-sm ${selected.includes(table.id) ? 'border-red-900 bg-red-900 text-white' : 'border-stone-300 bg-white text-stone-800'}`}
            >
              <span className="block font-semibold">{table.id}</span>
              <span className="block text-xs">
                {table.numSeats} {table.numSeats === 1 ? 'seat' : 'seats'}
                {!table.isReservable && ' · staff only'}
              </span>
            </button>
          ))}
        </div>
      )}
      <p className="text-sm text-stone-800" aria-live="polite">
        Selected: {selected.length ? selected.join(', ') : 'none'} · {seats} of {partySize} seats
      </p>
      {problem && <Banner kind="error">{problem}</Banner>}
      <div className="flex gap-3">
        <button type="button" className={secondaryButton} onClick={onBack}>
          Back to times
        </button>
        <button type="button" className={primaryButton} onClick={confirm}>
          Confirm Selection
        </button>
      </div>
    </div>
  );
}
