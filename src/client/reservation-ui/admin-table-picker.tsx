import { useState } from 'react';
import { seatsEnough } from '../../booking/table-choice';
import * as tableMessages from '../../shared/messages/table-choice';
import type { SeatType } from '../../shared/seat-types';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { formatTime12h } from './format';
import { TableGrid } from './table-grid';
import { useTableChoice } from './use-table-choice';

interface Props {
  date: string;
  startTime: number;
  seatType: SeatType;
  partySize: number;
  /** The tables confirmed; null while choosing. */
  chosen: string[] | null;
  onChoose: (tableIds: string[] | null) => void;
  onBack: () => void;
}

/**
 * The admin's manual table picker, opened by choosing a time on the booking form (SPEC section 2); once
 * confirmed, the time and tables chosen, with Edit to choose again.
 */
export function AdminTablePicker({ chosen, onChoose, ...slot }: Props) {
  // What was confirmed stays chosen when Edit reopens the picker.
  const [lastConfirmed, setLastConfirmed] = useState<string[]>([]);
  if (!chosen) return <TableChooser {...slot} initial={lastConfirmed} onConfirm={onChoose} />;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-stone-800">
      <span>
        {formatTime12h(slot.startTime)} at {chosen.join(', ')}
      </span>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          setLastConfirmed(chosen);
          onChoose(null);
        }}
      >
        Edit
      </button>
    </div>
  );
}

function TableChooser({
  date,
  startTime,
  seatType,
  partySize,
  initial,
  onConfirm,
  onBack,
}: Omit<Props, 'chosen' | 'onChoose'> & { initial: string[]; onConfirm: (tableIds: string[]) => void }) {
  const choice = useTableChoice({ date, startTime, seatType, initial });
  const [problem, setProblem] = useState<string | null>(null);
  const { selected, seats } = choice;

  const confirm = () => {
    if (selected.length === 0) return setProblem(tableMessages.selectAtLeastOneTable);
    if (!seatsEnough(seats, partySize)) return setProblem(tableMessages.needMoreSeats(partySize, seats));
    setProblem(null);
    onConfirm(selected);
  };

  return (
    <div className="mt-3 space-y-3 rounded-md border border-stone-300 bg-stone-50 p-4">
      <p className="text-sm font-semibold text-stone-900">
        Choose {seatType === 'counter' ? 'counter seats' : 'tables'} for {formatTime12h(startTime)}
      </p>
      <TableGrid choice={choice} seatType={seatType} />
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
