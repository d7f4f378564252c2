import * as adminMessages from '../../shared/messages/admin';
import * as tableMessages from '../../shared/messages/table-choice';
import type { SeatType } from '../../shared/seat-types';
import { countOf } from '../../booking/words';
import { Banner } from '../components/banner';
import { choiceButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import type { TableChoice } from './use-table-choice';

interface Props {
  choice: TableChoice;
  seatType: SeatType;
  /** The tables the reservation holds now (Change Seats): marked, so the admin sees what a change moves it from. */
  current?: readonly string[];
}

/** The tables free for a slot, each a toggle: the one grid of the admin's picker and of Change Seats. */
/**
 * Each says which tables guests cannot book online ("staff only") and, in Change Seats, which the reservation holds
 * now ("current").
 */
export function TableGrid({ choice: { available, selected, toggle }, seatType, current = [] }: Props) {
  if (available.isPending) return <Spinner label="Loading available tables" />;
  if (available.isError) return <Banner kind="error">{adminMessages.loadTablesFailed}</Banner>;
  const { tables } = available.data;
  if (tables.length === 0)
    return (
      <p className="text-sm text-stone-700">
        {seatType === 'counter' ? tableMessages.noAvailableCounterSeats : tableMessages.noAvailableTables}
      </p>
    );
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {tables.map((table) => (
        <button
          key={table.id}
          type="button"
          aria-pressed={selected.includes(table.id)}
          onClick={() => toggle(table.id)}
          className={`px-2 py-2 text-sm ${choiceButton(selected.includes(table.id))} ${current.includes(table.id) ? 'ring-2 ring-amber-500 ring-offset-1' : ''}`}
        >
          <span className="block font-semibold">{table.id}</span>
          <span className="block text-xs">
            {countOf(table.numSeats, 'seat')}
            {!table.isReservable && ' · staff only'}
            {'blocked' in table && table.blocked && ' · blocked'}
            {current.includes(table.id) && ' · current'}
          </span>
        </button>
      ))}
    </div>
  );
}
