import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { clockIn, todayIn } from '../../booking/calendar';
import { zonedInstant } from '../../booking/zoned-time';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { sendWithRetry, type Mailer } from './mailer';
import { mailTemplates } from './templates';

// The morning reminder (DESIGN.md): one email to the reminder address at 09:00 restaurant time on the
// reservation day. The job runs every minute, so a server that was down at 09:00 catches up when it
// starts, until each reservation's start time.

export const REMINDER_HOUR = 9;

interface Deps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
  /** Pause between delivery attempts; tests shorten it. */
  backoffMs?: (attempt: number) => number;
}

/** The instant 09:00 falls on `date` in the restaurant's zone (daylight saving included). */
export function reminderTime(date: string, timeZone: string): Date {
  return zonedInstant(date, REMINDER_HOUR * 100, timeZone);
}

export function createReminderJob(deps: Deps) {
  const { db, mailer, config, logger } = deps;
  const timeZone = config.restaurant.timeZone;
  const backoff = deps.backoffMs;
  let running: Promise<number> | null = null;

  /** Sends every reminder due now; returns how many went out. */
  async function sendDueReminders(): Promise<number> {
    const now = deps.now();
    const today = todayIn(timeZone, now);
    const sendAt = reminderTime(today, timeZone);
    if (now < sendAt) return 0;
    const due = await db
      .selectFrom('reservations')
      .selectAll()
      .where('reservationDate', '=', today)
      .where('startTime', '>', clockIn(timeZone, now))
      // Booked after this morning's send time: the guest has just seen the confirmation.
      .where('createdAt', '<', sendAt.toISOString())
      .where((eb) => eb.or([eb('reminderSentFor', 'is', null), eb('reminderSentFor', '<>', today)]))
      .execute();

    let sent = 0;
    for (const reservation of due) {
      // Claim before sending: of two instances (or a retry), only the one whose update lands sends.
      const claim = await db
        .updateTable('reservations')
        .set({ reminderSentFor: today })
        .where('id', '=', reservation.id)
        .where((eb) => eb.or([eb('reminderSentFor', 'is', null), eb('reminderSentFor', '<>', today)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const message = mailTemplates.reminder(
        config.restaurant,
        reservation.reminderEmail,
        reservation,
        `${config.publicUrl}/my-reservations`,
      );
      if (await sendWithRetry(mailer, message, logger, backoff)) {
        sent++;
      } else {
        // Give the next run a chance, until the reservation starts.
        await db.updateTable('reservations').set({ reminderSentFor: null }).where('id', '=', reservation.id).execute();
        logger.error({ reservationId: reservation.id }, 'reminder not delivered; will retry');
      }
    }
    if (sent) logger.info({ sent, date: today }, 'morning reminders sent');
    return sent;
  }

  /** One pass; concurrent calls share the pass in progress. */
  const runOnce = (): Promise<number> => {
    running ??= sendDueReminders().finally(() => (running = null));
    return running;
  };
  const runLogged = () => void runOnce().catch((error: unknown) => logger.error({ err: error }, 'reminder job failed'));

  let cron: Cron | undefined;
  return {
    runOnce,
    start() {
      cron = new Cron('* * * * *', { timezone: timeZone, protect: true }, runLogged);
      // Catch up at start-up on reminders missed while the server was down.
      runLogged();
    },
    async stop() {
      cron?.stop();
      await running?.catch(() => undefined);
    },
  };
}
