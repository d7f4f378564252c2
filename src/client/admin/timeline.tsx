import { byTableNumber } from '../../booking/assign-tables';
import { formatTime12h, hhmmToMinutes, minutesToHhmm } from '../../booking/clock';
import type { Table } from '../../booking/restaurant-settings';
import type { AdminReservation } from '../../shared/reservation';
import { isWholeDay, type SeatBlock } from '../../shared/seat-block';
import { SERVICE_STATUS_LABELS } from '../../shared/service-status';
import { openCard } from './card-id';
import { partyName } from './party-name';
import { useRestaurantNow } from './restaurant-time';
import { STATUS_COLOURS } from './service-status-control';

/** Pixels per minute: a half hour is 48 px, so a 90-minute bar has room for its party, name and status. */
const PX_PER_MINUTE = 1.6;
/** The table names' column. */
const LABEL_PX = 56;
/** Shown at least, so an empty night still has its evening. */
const EVENING = { start: 17 * 60, end: 22 * 60 };

/** The minutes the timeline spans: the evening, widened to every bar that day (whole-day blocks excepted). */
function spanOf(reservations: AdminReservation[], blocks: SeatBlock[]) {
  const timed = [...reservations, ...blocks.filter((block) => !isWholeDay(block))];
  const start = Math.min(EVENING.start, ...timed.map((item) => hhmmToMinutes(item.startTime)));
  const end = Math.max(EVENING.end, ...timed.map((item) => hhmmToMinutes(item.endTime)));
  return { start: Math.floor(start / 60) * 60, end: Math.ceil(end / 60) * 60 };
}

/** Where a stretch of time sits on the row, clipped to the span. */
function place(span: { start: number; end: number }, startTime: number, endTime: number) {
  const from = Math.max(span.start, hhmmToMinutes(startTime));
  const to = Math.min(span.end, hhmmToMinutes(endTime));
  return { left: (from - span.start) * PX_PER_MINUTE, width: Math.max(0, to - from) * PX_PER_MINUTE - 2 };
}

/**
 * The night over time (docs/decisions/0017-the-host-stand.md): a row per table and counter seat, a bar per
 * reservation (party, name, status in words and colour) and per block, and a line at "now" on today's date. A bar
 * takes the host to its card, where the marks are. Wider than a phone: the timeline scrolls sideways by itself.
 */
export function Timeline({
  date,
  tables,
  reservations,
  blocks,
}: {
  date: string;
  tables: Table[];
  reservations: AdminReservation[];
  blocks: SeatBlock[];
}) {
  const { today, nowHhmm } = useRestaurantNow();
  const span = spanOf(reservations, blocks);
  const width = (span.end - span.start) * PX_PER_MINUTE;
  const hours = Array.from({ length: (span.end - span.start) / 60 }, (_, i) => span.start + i * 60);
  const now = hhmmToMinutes(nowHhmm);
  const showNow = date === today && now >= span.start && now <= span.end;
  const rows = [...tables].sort((a, b) =>
    a.location === b.location ? byTableNumber(a, b) : a.location === 'floor' ? -1 : 1,
  );
  return (
    <section aria-labelledby="timeline-heading" className="space-y-2">
      <h2 id="timeline-heading" className="text-xl font-semibold text-stone-900">
        Timeline
      </h2>
      {/* A region of its own that the keyboard can scroll sideways. */}
      <div
        role="region"
        aria-label="Timeline, by table"
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-stone-200 bg-white"
      >
        <div className="relative" style={{ width: width + LABEL_PX }}>
          <div className="flex border-b border-stone-200 text-xs text-stone-600" aria-hidden="true">
            <span className="sticky left-0 z-10 shrink-0 bg-white" style={{ width: LABEL_PX }} />
            {hours.map((minute) => (
              <span
                key={minute}
                className="shrink-0 border-l border-stone-200 pl-1"
                style={{ width: 60 * PX_PER_MINUTE }}
              >
                {formatTime12h(minutesToHhmm(minute))}
              </span>
            ))}
          </div>
          <ul>
            {rows.map((table) => (
              <TimelineRow
                key={table.id}
                table={table}
                span={span}
                reservations={reservations.filter((r) => r.tableIds.includes(table.id))}
                blocks={blocks.filter((block) => block.tableIds.includes(table.id))}
              />
            ))}
          </ul>
          {showNow && (
            <div
              className="pointer-events-none absolute top-0 bottom-0 w-0.5 bg-red-600"
              style={{ left: LABEL_PX + (now - span.start) * PX_PER_MINUTE }}
            >
              <span className="sr-only">Now, {formatTime12h(nowHhmm)}</span>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** One table's row: its blocks, hatched, under its parties' bars. */
function TimelineRow({
  table,
  span,
  reservations,
  blocks,
}: {
  table: Table;
  span: { start: number; end: number };
  reservations: AdminReservation[];
  blocks: SeatBlock[];
}) {
  return (
    <li className="flex h-11 items-stretch border-b border-stone-100">
      <span
        className="sticky left-0 z-10 flex shrink-0 items-center bg-white pl-2 text-sm font-semibold text-stone-900"
        style={{ width: LABEL_PX }}
      >
        {table.id}
      </span>
      <div className="relative" style={{ width: (span.end - span.start) * PX_PER_MINUTE }}>
        {blocks.map((block) => (
          <span
            key={block.id}
            className="absolute top-1 bottom-1 overflow-hidden rounded bg-[repeating-linear-gradient(45deg,#e7e5e4_0_6px,#f5f5f4_6px_12px)] px-1 text-xs leading-9 whitespace-nowrap text-stone-700 ring-1 ring-stone-300"
            style={place(span, block.startTime, block.endTime)}
          >
            Blocked: {block.note}
          </span>
        ))}
        {reservations.map((r) => {
          const text = `${r.partySize} · ${partyName(r)} · ${SERVICE_STATUS_LABELS[r.service.status]}`;
          return (
            <button
              key={r.id}
              type="button"
              title={text}
              aria-label={`${formatTime12h(r.startTime)}, table ${table.id}: ${text}. Open its card`}
              onClick={() => openCard(r.id)}
              className={`absolute top-1 bottom-1 overflow-hidden rounded px-1 text-left text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_COLOURS[r.service.status]}`}
              style={place(span, r.startTime, r.service.freedFrom ?? r.endTime)}
            >
              {text}
            </button>
          );
        })}
      </div>
    </li>
  );
}
