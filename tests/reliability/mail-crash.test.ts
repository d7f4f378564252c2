import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/booking/calendar';
import { openDatabase } from '../../src/server/db/database';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { databaseTarget } from '../support/book-integrity';
import { freePort } from '../support/free-port';
import { startSmtpPeer } from '../support/smtp-peer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { until } from '../support/until';

// Issue 14: a kill -9 while a morning reminder is being sent. The reminder was claimed by the process that
// died; once its lease runs out, the restarted app sends it. Real time, a real process, a real SMTP peer.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fixed-offset zone where it is now late morning, so today's dinner reminders are due and not yet past. */
function zoneWhereItIsLateMorning(): string {
  const hour = new Date().getUTCHours();
  for (let offset = -12; offset <= 14; offset++) {
    const local = (hour + offset + 24) % 24;
    // Etc/GMT-3 is three hours ahead of UTC.
    if (local >= 10 && local <= 14)
      return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no zone found');
}

describe('a kill -9 in the middle of sending a reminder', () => {
  let database: TestDatabase;
  let app: AppProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await database?.drop();
  });

  it('sends the reminder after the restart, once', async () => {
    const port = await freePort();
    const timeZone = zoneWhereItIsLateMorning();
    const env = {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      // A send gives up after 2 s of silence; a claim's lease is 3 x 2 + 5 = 11 s.
      SMTP_TIMEOUT_SECONDS: '2',
      RESTAURANT_TIMEZONE: timeZone,
    };
    // A first start creates the database; then a reservation for tonight, booked yesterday, is put on the book.
    app = await startAppProcess(port, env);
    await app.stop();
    const today = todayIn(timeZone);
    const direct = openDatabase(databaseTarget(database.url));
    const { db } = direct;
    const yesterday = `${addDays(today, -1)}T12:00:00.000Z`;
    await db
      .insertInto('reservations')
      .values({
        id: 'reminded-once',
        tableIds: '["1"]',
        startTime: 2000,
        endTime: 2130,
        reservationDate: today,
        email: 'guest@example.com',
        reminderEmail: 'tonight@example.com',
        partySize: 2,
        name: 'Tonight Guest',
        phoneNumber: '5550100199',
        seatType: 'table',
        specialRequests: null,
        createdAt: yesterday,
        updatedAt: yesterday,
      })
      .execute();
    await direct.close();

    // The mail server takes the reminder and never answers; the app is killed while it waits.
    smtp.setMode('stall');
    app = await startAppProcess(port, env);
    await until(() => smtp.stalledCount() !== 0, 20_000, 'the reminder sent', 50);
    await app.kill();
    app = undefined;
    expect(smtp.to('tonight@example.com')).toHaveLength(0);

    // Restarted with a healthy mail server: the claim of the dead process runs out, and the reminder goes.
    smtp.setMode('accept');
    const restartedAt = Date.now();
    app = await startAppProcess(port, env);
    await until(() => smtp.to('tonight@example.com').length !== 0, 45_000, 'the reminder sent after the restart');
    const took = Date.now() - restartedAt;
    await sleep(3_000);
    expect(smtp.to('tonight@example.com')).toHaveLength(1);
    expect(smtp.to('tonight@example.com')[0]!.subject).toMatch(/^Reminder: your table at .* today at 8:00 PM$/);
    console.log(`mail crash (${database.dialect}, ${timeZone}): the reminder went ${took} ms after the restart`);
  });
});
