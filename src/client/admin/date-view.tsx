import { useId, useState } from 'react';
import { isIsoDate, todayIn } from '../../booking/calendar';
import * as adminMessages from '../../shared/messages/admin';
import { appConfig } from '../app-config';
import { LateParties } from './late-parties';
import { useRestaurantNow } from './restaurant-time';
import { SeatWalkIn } from './walk-in-form';
import { TableLayout } from './table-layout';
import { useLiveDay, type StreamState } from './api/get-live-day';
import { useTables } from './api/get-tables';
import { useBlocks } from './api/seat-blocks';
import { SeatBlocks } from './seat-blocks';
import { Timeline } from './timeline';

/** The dashboard's date view: one day's reservations, live (SPEC section 2, Search by Date); today by default. */
export function useDateView(active: boolean, initialDate?: string | null) {
  const [date, setDate] = useState(initialDate && isIsoDate(initialDate) ? initialDate : todayIn(appConfig.timeZone));
  const day = useLiveDay(active && date ? date : null);
  return {
    date,
    setDate,
    streamState: day.streamState,
    list: day.data?.reservations ?? [],
    loading: Boolean(date) && day.isPending,
    failed: day.isError,
    emptyMessage: date ? adminMessages.noneForDate : adminMessages.selectDateFirst,
    printQuery: { date },
  };
}

const streamText: Record<StreamState, string> = {
  live: 'Live: changes appear as they happen',
  paused: 'Live updates paused, reconnecting...',
  reconnecting: 'Reconnecting…',
  connecting: 'Connecting…',
};

/**
 * The date to show, whether its list is live, walk-ins (today), the parties not arrived, the day's floor plan, its
 * timeline and its blocked seats.
 */
export function DateViewControls({ view }: { view: ReturnType<typeof useDateView> }) {
  const dateId = useId();
  const tables = useTables();
  const { today } = useRestaurantNow();
  const { date } = view;
  const blocks = useBlocks(date);
  return (
    <>
      <div className="space-y-2">
        <label htmlFor={dateId} className="block text-sm font-medium text-stone-800">
          Date
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={dateId}
            type="date"
            value={date}
            onChange={(e) => view.setDate(e.target.value)}
            className="rounded-md border border-stone-300 px-3 py-2"
          />
          {date && (
            <span className="text-xs text-stone-600" role="status">
              {streamText[view.streamState]}
            </span>
          )}
        </div>
      </div>
      {date === today && <SeatWalkIn today={today} />}
      {date && <LateParties date={date} reservations={view.list} />}
      {date && tables.data && (
        <TableLayout tables={tables.data.tables} reservations={view.list} blocks={blocks.data?.blocks ?? []} />
      )}
      {date && tables.data && (
        <Timeline date={date} tables={tables.data.tables} reservations={view.list} blocks={blocks.data?.blocks ?? []} />
      )}
      {date && tables.data && <SeatBlocks date={date} tables={tables.data.tables} />}
    </>
  );
}
