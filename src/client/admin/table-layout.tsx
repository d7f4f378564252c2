import { byTableNumber } from '../../booking/assign-tables';
import type { Table } from '../../booking/restaurant-settings';
import type { AdminReservation } from '../../shared/reservation';
import { isWholeDay, type SeatBlock } from '../../shared/seat-block';
import { SERVICE_STATUS_LABELS } from '../../shared/service-status';
import { timeRange } from '../reservation-ui/format';
import type { TableLocation } from '../../shared/seat-types';
import { cardId, openCard } from './card-id';
import { partyName } from './party-name';

/**
 * The day's floor plan: every table with its seats and the times it is booked (SPEC section 2), and when the host
 * blocked it. A time leads to its party's card, where the marks are, and says the party's mark once it has one.
 */
export function TableLayout({
  tables,
  reservations,
  blocks,
}: {
  tables: Table[];
  reservations: AdminReservation[];
  blocks: SeatBlock[];
}) {
  const bookings = (id: string) =>
    reservations.filter((r) => r.tableIds.includes(id)).sort((a, b) => a.startTime - b.startTime);
  const blocksOf = (id: string) => blocks.filter((block) => block.tableIds.includes(id));
  const group = (location: TableLocation) => tables.filter((t) => t.location === location).sort(byTableNumber);
  return (
    <section aria-labelledby="layout-heading" className="space-y-4">
      <h2 id="layout-heading" className="text-xl font-semibold text-stone-900">
        Table Layout
      </h2>
      {(
        [
          ['floor', 'Floor Tables'],
          ['counter', 'Counter Tables'],
        ] as const
      ).map(([location, title]) => (
        <div key={location}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600">{title}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {group(location).map((table) => {
              const booked = bookings(table.id);
              return (
                <li
                  key={table.id}
                  className={`rounded-md border p-2 text-sm ${booked.length ? 'border-red-300 bg-red-50' : 'border-stone-200 bg-white'}`}
                >
                  <p className="font-semibold text-stone-900">
                    {table.id}{' '}
                    <span className="font-normal text-stone-600">
                      · {table.numSeats} {table.numSeats === 1 ? 'seat' : 'seats'}
                    </span>
                  </p>
                  {!table.isReservable && <p className="text-xs text-stone-600">Not reservable online</p>}
                  <ul className="mt-1 space-y-0.5 text-xs text-stone-800">
                    {booked.map((r) => (
                      <li key={r.id}>
                        <a
                          href={`#${cardId(r.id)}`}
                          aria-label={`${timeRange(r.startTime, r.endTime)}, ${partyName(r)}: open the card`}
                          className="underline decoration-stone-400 underline-offset-2 hover:text-stone-950"
                          onClick={(event) => {
                            event.preventDefault();
                            openCard(r.id);
                          }}
                        >
                          {timeRange(r.startTime, r.endTime)}
                        </a>
                        {r.service.status !== 'booked' && (
                          <span className="font-semibold"> · {SERVICE_STATUS_LABELS[r.service.status]}</span>
                        )}
                      </li>
                    ))}
                    {blocksOf(table.id).map((block) => (
                      <li key={block.id} className="font-semibold text-stone-700">
                        Blocked {isWholeDay(block) ? 'all day' : timeRange(block.startTime, block.endTime)}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
