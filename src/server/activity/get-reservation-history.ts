import type { Kysely } from 'kysely';
import * as bookingMessages from '../../shared/messages/booking';
import type { HistoryLine } from '../../shared/reservation-history';
import { findReservationRow } from '../book/book-reads';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { reservationActivity } from './activity-store';

/** What happened to a reservation, oldest first; a cancelled one's lines are still there. */
export async function getReservationHistory({
  db,
  id,
}: {
  db: Kysely<Database>;
  id: string;
}): Promise<{ history: HistoryLine[] }> {
  const history = await reservationActivity(db, id);
  if (history.length === 0 && !(await findReservationRow(db, id, false))) {
    throw new AppError('not_found', bookingMessages.reservationNotFound);
  }
  return { history };
}
