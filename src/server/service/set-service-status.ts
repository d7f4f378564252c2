import type { Kysely, Transaction } from 'kysely';
import type { ServiceChangeInput } from '../../booking/service-schemas';
import { nextBlockStart } from '../../booking/service-blocks';
import { decideStep, statusOf, type StepDecision, type StepRefusal } from '../../booking/service-steps';
import * as bookingMessages from '../../shared/messages/booking';
import type { AdminReservation } from '../../shared/reservation';
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '../../shared/service-status';
import { recordActivity, wasCancelled } from '../activity/activity-store';
import { findReservationRow } from '../book/book-reads';
import { toAdminReservation, toReservation, type ReservationRow } from '../book/reservation-record';
import { isHoldConflict } from '../db/hold-conflict';
import type { ChangeFeed } from '../change-feed/change-feed';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { LiveSettings } from '../settings/live-settings';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { releaseHoldsFrom, retakeHoldsFrom, writeServiceStep } from './service-store';

/** What the host stand's operations work with: the book, the settings, the restaurant's clock, the feed every view hears. */
export interface ServiceDeps {
  db: Kysely<Database>;
  config: AppConfig;
  feed: ChangeFeed;
  /** The owner's settings (the tables a walk-in can take). */
  settings: LiveSettings;
  now: () => Date;
}

const label = (status: ServiceStatus) => SERVICE_STATUS_LABELS[status];

const TABLES_TAKEN_SINCE =
  "This party's tables have been given to another party since they were let go: move that party first to undo this.";

/** What the host is told when a mark is refused. */
const REFUSALS: Record<StepRefusal, (from: ServiceStatus, to: ServiceStatus) => string> = {
  'later-date': () => 'This reservation is for a later date: its party can be marked on the day.',
  'not-begun': () => 'A party can be marked No-show only once its seating has begun.',
  'not-from-here': (from, to) => `A party that is ${label(from)} cannot be marked ${label(to)}.`,
};

/**
 * The host marks a party's next step, or takes the last one back (booking/service-steps.ts decides which is
 * allowed). The request says the status the host saw: a party someone else marked meanwhile is refused, and a
 * mark already made (the same request sent again) is answered as done. Every open admin view hears of it.
 */
export async function setServiceStatus({
  deps,
  actor,
  id,
  change,
}: {
  deps: ServiceDeps;
  actor: Actor;
  id: string;
  change: ServiceChangeInput;
}): Promise<AdminReservation> {
  const { row, changed } = await deps.db.transaction().execute(async (trx) => {
    const current = await findReservationRow(trx, id, deps.config.database.dialect === 'postgres');
    if (!current) {
      if (await wasCancelled(trx, id)) {
        throw new AppError('conflict', 'This reservation was cancelled: its party can no longer be marked.');
      }
      throw new AppError('not_found', bookingMessages.reservationNotFound);
    }
    const { status } = statusOf(current);
    if (status === change.to) return { row: current, changed: false };
    if (status !== change.from) {
      throw new AppError('conflict', `This party is ${label(status)} now: someone changed it meanwhile.`);
    }
    const decision = decideStep(current, change.to, { ...restaurantClock(deps), reservation: current });
    if (decision.kind === 'refused') throw new AppError('conflict', REFUSALS[decision.reason](status, change.to));

    const at = deps.now().toISOString();
    await writeServiceStep(trx, id, decision.column, decision.kind === 'set' ? at : null);
    const heldUntil = await releasedTables({ trx, deps, row: current, decision });
    await recordActivity(trx, {
      subject: { type: 'reservation', id, date: current.reservationDate },
      at,
      actor,
      action: 'status',
      before: { status },
      after: { status: change.to },
    });
    return { row: { ...current, [decision.column]: decision.kind === 'set' ? at : null, heldUntil }, changed: true };
  });
  if (changed) {
    const reservation = toReservation(row);
    deps.feed.publish({ type: 'updated', reservation, previousDate: reservation.reservationDate });
  }
  return toAdminReservation(row);
}

/** The marks that end a party's night: its tables are let go from the next half hour (today). */
const ENDS_THE_NIGHT: readonly string[] = ['finishedAt', 'noShowAt'];

/**
 * Finished (or No-show) frees the party's tables from the next 30-minute block on, today, and never before its
 * seating's start (a party seated early holds nothing before it), so a walk-in or a booking can have them at once.
 * Undo takes them back, unless another party has them now (then the Undo is refused). Returns the time the tables
 * are free from, or null.
 */
async function releasedTables({
  trx,
  deps,
  row,
  decision,
}: {
  trx: Transaction<Database>;
  deps: ServiceDeps;
  row: ReservationRow;
  decision: Exclude<StepDecision, { kind: 'refused' }>;
}): Promise<number | null> {
  const reservation = toReservation(row);
  if (!ENDS_THE_NIGHT.includes(decision.column)) return row.heldUntil;
  if (decision.kind === 'clear') {
    if (row.heldUntil === null) return null;
    try {
      await retakeHoldsFrom(trx, reservation, Math.max(Number(row.heldUntil), reservation.startTime));
    } catch (error) {
      if (!isHoldConflict(error)) throw error;
      throw new AppError('conflict', TABLES_TAKEN_SINCE);
    }
    return null;
  }
  const { today, nowHhmm } = restaurantClock(deps);
  const freeFrom = Math.max(nextBlockStart(nowHhmm), reservation.startTime);
  if (reservation.reservationDate !== today || freeFrom >= reservation.endTime) return null;
  await releaseHoldsFrom(trx, reservation.id, freeFrom);
  return freeFrom;
}
