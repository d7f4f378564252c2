import { randomUUID } from 'node:crypto';
import { endTimeFor } from '../../../src/booking/clock';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { insertReservation } from '../../../src/server/reservations/reservation-store';
import type { Reservation } from '../../../src/shared/reservation';
import type { TestDatabase } from '../../support/test-database';

/**
 * Parties booked for a date gone by, written straight into an app's book: nobody can book a seating that has
 * begun, yet the host settles last night's parties the next morning (and a No-show needs a seating begun).
 */
export async function bookPastParties(
  database: TestDatabase,
  date: string,
  parties: { name: string; startTime: number; tableIds: string[]; partySize: number }[],
): Promise<Reservation[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: database.dataDir });
  const book = openDatabase(config.database);
  const { db } = book;
  const stamp = new Date().toISOString();
  try {
    const reservations = parties.map((party): Reservation => ({
      id: randomUUID(),
      ...party,
      endTime: endTimeFor(party.startTime),
      reservationDate: date,
      email: '',
      reminderEmail: 'party@example.com',
      phoneNumber: '5550100199',
      seatType: 'table',
      specialRequests: null,
      createdAt: stamp,
      updatedAt: stamp,
    }));
    await db.transaction().execute(async (trx) => {
      for (const reservation of reservations) await insertReservation(trx, reservation, null, undefined);
    });
    return reservations;
  } finally {
    await book.close();
  }
}
