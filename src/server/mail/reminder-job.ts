import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import { zonedInstant } from '../../booking/zoned-time';
import type { RestaurantDetails } from '../../booking/restaurant-settings';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import type { MailOutbox } from './outbox';
import { claimReminder, remindersDue, type ReminderDue } from './reminder-store';
import { mailTemplates } from './templates';

// The morning reminder (DESIGN.md): one email to the reminder address at 09:00 restaurant time on the
// reservation day. The job runs every minute, so a server that was down at 09:00 catches up when it
// starts, until each reservation's start time. It only writes the reminders to the outbox (mail/outbox.ts),
// which delivers them, retries them and survives restarts.

export const REMINDER_HOUR = 9;

interface Deps {
  db: Kysely<Database>;
  outbox: MailOutbox;
  config: AppConfig;
  /** The restaurant as the owner's settings have it now (the email's signature). */
  restaurant: () => RestaurantDetails;
  logger: Logger;
  now: () => Date;
}

/** The instant 09:00 falls on `date` in the restaurant's zone (daylight saving included). */
export function reminderTime(date: string, timeZone: string): Date {
  return zonedInstant(date, REMINDER_HOUR * 100, timeZone);
}

export function createReminderJob(deps: Deps) {
  const { db, outbox, config, logger } = deps;
  const timeZone = config.restaurant.timeZone;
  let running: Promise<number> | null = null;

  /**
   * Recorded on the reservation and written to the outbox in one transaction: of two instances (or a retry), only
   * the one whose claim lands queues it, and a queued reminder is never lost. False when another had it.
   */
  async function queueReminder(reservation: ReminderDue, today: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, reservation.id, today))) return false;
      const message = mailTemplates.reminder(
        deps.restaurant(),
        reservation.reminderEmail,
        reservation,
        `${config.publicUrl}/my-reservations`,
      );
      await outbox.enqueue(
        {
          kind: 'reminder',
          message,
          dedupeKey: `reminder:${reservation.id}:${today}`,
          reminder: {
            reservationId: reservation.id,
            reservationDate: today,
            notAfter: zonedInstant(today, reservation.startTime, timeZone),
          },
        },
        trx,
      );
      return true;
    });
  }

  /** Writes every reminder due now to the outbox; returns how many. */
  async function queueDueReminders(): Promise<number> {
    const now = deps.now();
    const today = todayIn(timeZone, now);
    const sendAt = reminderTime(today, timeZone);
    if (now < sendAt) return 0;
    const due = await remindersDue(db, today, clockIn(timeZone, now), sendAt.toISOString());
    let queued = 0;
    for (const reservation of due) if (await queueReminder(reservation, today)) queued++;
    if (queued) {
      outbox.kick();
      logger.info({ queued, date: today }, 'morning reminders queued');
    }
    return queued;
  }

  /** One pass; concurrent calls share the pass in progress. */
  const runOnce = (): Promise<number> => {
    running ??= queueDueReminders().finally(() => (running = null));
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
