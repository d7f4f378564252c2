import { Cron } from 'croner';
import type { Logger } from '../logger';
import { anonymiseOldReservations, forgetPastNetworks } from './personal-data';

type Deps = Parameters<typeof anonymiseOldReservations>[0] & { logger: Logger; retentionDays: number };

/**
 * "Limited retention" (the privacy policy): once a day, at 03:30 restaurant time, and at start-up, reservations
 * older than the retention period lose the guest's name, phone and email, and those of dates gone by the network
 * they were booked from.
 */
export function createRetentionJob(deps: Deps) {
  const run = async () => {
    const anonymised = await anonymiseOldReservations(deps, deps.retentionDays);
    if (anonymised) deps.logger.info({ anonymised, retentionDays: deps.retentionDays }, 'old reservations anonymised');
    await forgetPastNetworks(deps);
    return anonymised;
  };
  const runLogged = () =>
    void run().catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'retention job failed; it runs again tomorrow'),
    );
  let cron: Cron | undefined;
  return {
    runOnce: run,
    start() {
      cron = new Cron('30 3 * * *', { timezone: deps.timeZone, protect: true }, runLogged);
      runLogged();
    },
    stop() {
      cron?.stop();
    },
  };
}
