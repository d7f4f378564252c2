import * as tableMessages from '../../shared/messages/table-choice';
import { EDITABLE_FIELDS, sameEditableFields } from '../../booking/editable-fields';
import { endTimeFor } from '../../booking/clock';
import type { UpdateReservationInput } from '../../booking/reservation-schemas';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import type { Reservation } from '../../shared/reservation';
import { findVisibleReservation, updateReservationRow, writeHolds } from './reservation-store';
import { recordActivity } from '../activity/activity-store';
import { PERSONAL_FIELDS } from '../../shared/reservation-history';
import type { Database } from '../db/schema';
import type { Transaction } from 'kysely';
import type { ReservationDeps } from './reservation-deps';
import { checkFairBooking, type BookingMark, type BookingSource } from './fair-use-checks';
import { ASSIGNMENT_ATTEMPTS, tablesForSlot, withHoldRetry } from './table-checks';
import { checkPartySize, checkWhen, notFound, refuseIfBegun } from './when-and-party';

export async function updateReservation({
  deps,
  actor,
  id,
  changes,
  source,
}: {
  deps: ReservationDeps;
  actor: Actor;
  id: string;
  changes: UpdateReservationInput;
  source: BookingSource;
}): Promise<Reservation> {
  if (changes.tableIds && actor.role !== 'admin') throw new AppError('forbidden', tableMessages.invalidTableSelection);
  // A guest keeps the seat type (SPEC section 5, Guest edit).
  const { seatType: requestedSeatType, tableIds: requestedTables, ...rest } = changes;
  const seatType = actor.role === 'admin' ? requestedSeatType : undefined;

  const updated = await withHoldRetry(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const current = await findVisibleReservation(trx, actor, id);
        if (!current) throw notFound();
        refuseIfBegun({ deps, actor, reservation: current });
        const settings = await deps.settings.forWrite(trx);

        const next: Reservation = { ...current, ...definedOnly(rest), ...(seatType ? { seatType } : {}) };
        if (changes.startTime !== undefined) next.endTime = endTimeFor(next.startTime);
        const whenChanged = next.reservationDate !== current.reservationDate || next.startTime !== current.startTime;
        const sizeChanged = next.partySize !== current.partySize;
        const seatTypeChanged = next.seatType !== current.seatType;

        if (sizeChanged) checkPartySize({ settings, role: actor.role, partySize: next.partySize });
        // A guest's move is checked as a booking from where it is sent, and the reservation records that network.
        let mark: BookingMark | undefined;
        if (whenChanged) {
          checkWhen({ deps, settings, role: actor.role, date: next.reservationDate, startTime: next.startTime });
          mark = await checkFairBooking({ trx, deps, settings, actor, wanted: next, isNew: false, source });
        }

        // Nothing actually changes (an empty body, or the same values again): no write, no event.
        if (requestedTables === undefined && sameEditableFields(current, next)) {
          return { next: current, previousDate: current.reservationDate, changed: false };
        }

        const needsTables = requestedTables !== undefined || whenChanged || sizeChanged || seatTypeChanged;
        if (needsTables) {
          next.tableIds = await tablesForSlot({
            trx,
            deps,
            settings,
            role: actor.role,
            booking: next,
            chosen: requestedTables,
            excludeReservationId: current.id,
          });
        }
        next.updatedAt = deps.now().toISOString();
        const heldUntil = await updateReservationRow(trx, next, mark, whenChanged);
        // Tables the admin chose may be over a seat block, which gives way.
        if (needsTables) await writeHolds(trx, next, heldUntil, requestedTables !== undefined);
        await recordEdit(trx, { current, next, actor });
        return { next, previousDate: current.reservationDate, changed: true };
      }),
    requestedTables ? 1 : ASSIGNMENT_ATTEMPTS,
  );
  if (updated.changed) {
    deps.feed.publish({ type: 'updated', reservation: updated.next, previousDate: updated.previousDate });
  }
  return updated.next;
}

/**
 * An edit's lines in the activity record: the fields it changed, before and after (a personal detail's values as
 * null: the record keeps none), and the tables, when they changed.
 */
async function recordEdit(
  trx: Transaction<Database>,
  { current, next, actor }: { current: Reservation; next: Reservation; actor: Actor },
): Promise<void> {
  const line = {
    subject: { type: 'reservation' as const, id: next.id, date: next.reservationDate },
    at: next.updatedAt,
    actor,
  };
  const fields = EDITABLE_FIELDS.filter((field) => current[field] !== next[field]);
  const kept = (reservation: Reservation) =>
    Object.fromEntries(
      fields.map((field) => [
        field,
        (PERSONAL_FIELDS as readonly string[]).includes(field) ? null : reservation[field],
      ]),
    );
  if (fields.length) await recordActivity(trx, { ...line, action: 'edited', before: kept(current), after: kept(next) });
  if (current.tableIds.join() !== next.tableIds.join()) {
    await recordActivity(trx, {
      ...line,
      action: 'seats',
      before: { tableIds: current.tableIds },
      after: { tableIds: next.tableIds },
    });
  }
}

export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
