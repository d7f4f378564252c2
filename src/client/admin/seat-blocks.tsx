import type { Table } from '../../booking/restaurant-settings';
import { isWholeDay, type SeatBlock } from '../../shared/seat-block';
import { userMessage } from '../api/api-client';
import { Banner } from '../components/banner';
import { secondaryButton } from '../components/buttons';
import { formatLongDate, timeRange } from '../reservation-ui/format';
import { useBlocks, useRemoveBlock } from './api/seat-blocks';
import { BlockForm } from './block-form';
import { useFormPanel } from './use-form-panel';

/** When a block holds its seats, in words: "All day" or "7:00 PM - 9:00 PM", and its other dates. */
export function blockWhen(block: SeatBlock, date: string) {
  const hours = isWholeDay(block) ? 'All day' : timeRange(block.startTime, block.endTime);
  if (block.firstDate === block.lastDate) return hours;
  const until = block.lastDate > date ? `, until ${formatLongDate(block.lastDate)}` : '';
  const from = block.firstDate < date ? `, since ${formatLongDate(block.firstDate)}` : '';
  return `${hours}${from}${until}`;
}

/**
 * The date's blocked seats (docs/decisions/0017-the-host-stand.md): each with its tables, when and why, and a way
 * to let it go; and "Block seats". What was done is said beside the button, which takes the focus back.
 */
export function SeatBlocks({ date, tables }: { date: string; tables: Table[] }) {
  const blocks = useBlocks(date);
  const remove = useRemoveBlock();
  const { open, said, openButton, show, close, say } = useFormPanel();
  const list = blocks.data?.blocks ?? [];
  return (
    <section aria-labelledby="blocks-heading" className="space-y-3">
      <h2 id="blocks-heading" className="text-xl font-semibold text-stone-900">
        Blocked seats
      </h2>
      {blocks.isError && <Banner kind="error">The blocked seats could not be loaded.</Banner>}
      {blocks.isSuccess && list.length === 0 && (
        <p className="text-sm text-stone-700">No seats are blocked on this date.</p>
      )}
      {list.length > 0 && (
        <ul className="space-y-2">
          {list.map((block) => (
            <li
              key={block.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-stone-300 bg-stone-100 px-3 py-2 text-sm"
            >
              <span className="font-semibold text-stone-900">{block.tableIds.join(', ')}</span>
              <span>{blockWhen(block, date)}</span>
              <span className="italic text-stone-700">{block.note}</span>
              <button
                type="button"
                className={`${secondaryButton} ml-auto`}
                disabled={remove.isPending}
                aria-label={`Remove block: ${block.tableIds.join(', ')}, ${block.note}`}
                onClick={() =>
                  remove.mutateAsync(block.id).then(
                    () => say(`Let go: ${block.tableIds.join(', ')}.`),
                    () => undefined,
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <Banner kind="error">{userMessage(remove.error, 'The block could not be removed. Please try again.')}</Banner>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {!open && (
          <button ref={openButton} type="button" className={secondaryButton} onClick={show}>
            Block seats
          </button>
        )}
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {said}
        </p>
      </div>
      {open && (
        <BlockForm
          date={date}
          tables={tables}
          onBlocked={(block) => close(`Blocked ${block.tableIds.join(', ')}: ${blockWhen(block, date)}.`)}
          onClose={() => close(null)}
        />
      )}
    </section>
  );
}
