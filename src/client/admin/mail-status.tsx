import { useMailStatus } from './api/get-mail-status';

/** How long ago an instant was, in words an owner reads at a glance. */
function ago(isoInstant: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(isoInstant)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/**
 * "Email delivery" in the dashboard: when email last went out, what waits, and the last failure, so an owner
 * learns that reminders are not going out (a mail server down, a wrong password) before the guests do.
 */
export function MailStatus() {
  const status = useMailStatus();
  if (!status.data) return null;
  const { lastSentAt, waiting, lastFailure, givenUp } = status.data;
  const failing = Boolean(lastFailure && waiting > 0) || givenUp > 0;
  return (
    <section
      aria-labelledby="mail-status-heading"
      className={`rounded-md border px-4 py-3 text-sm ${failing ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-stone-200 bg-white text-stone-800'}`}
    >
      <h2 id="mail-status-heading" className="font-semibold">
        Email delivery
      </h2>
      <p>
        {lastSentAt ? `Last email sent ${ago(lastSentAt)}.` : 'No email sent yet.'}{' '}
        {waiting === 0 ? 'Nothing waiting.' : `${waiting} waiting to be sent.`}
        {givenUp > 0 && ` ${givenUp} given up after a day of failures this week.`}
      </p>
      {failing && lastFailure && (
        <p>
          Last failure {ago(lastFailure.at)}: {lastFailure.reason}. Emails are retried automatically; check the mail
          server settings (SMTP_URL) if this lasts.
        </p>
      )}
    </section>
  );
}
