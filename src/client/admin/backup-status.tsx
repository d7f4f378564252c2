import { useId } from 'react';
import { addDays, formatLongDate, todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import { countOf } from '../../booking/words';
import { formatTime12h } from '../../booking/clock';
import { useBackupStatus } from './api/get-backup-status';
import { appConfig } from '../app-config';
import { Banner } from '../components/banner';

// The owner's "is my book safe" line: when the last backup succeeded, when the next is due, and a failure in
// red. On PostgreSQL the app takes none, and says whose job it is. (Server: src/server/backups.)

/** "today, 4:00 AM", "yesterday, 4:00 AM", or "November 23, 2026, 4:00 AM", in the restaurant's zone. */
const when = (iso: string) => {
  const at = new Date(iso);
  const day = todayIn(appConfig.timeZone, at);
  const today = todayIn(appConfig.timeZone);
  const date =
    day === today
      ? 'today'
      : day === addDays(today, -1)
        ? 'yesterday'
        : day === addDays(today, 1)
          ? 'tomorrow'
          : formatLongDate(day);
  return `${date}, ${formatTime12h(clockIn(appConfig.timeZone, at))}`;
};

export function BackupStatus() {
  const headingId = useId();
  const status = useBackupStatus();
  const data = status.data;

  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-md border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        Backups
      </h2>
      {status.isPending ? (
        <p className="text-sm text-stone-700">Checking the backups…</p>
      ) : status.isError ? (
        <p className="text-sm text-stone-700">The backup status could not be loaded.</p>
      ) : data?.database === 'postgres' ? (
        <p className="text-sm text-stone-700">
          The book is in PostgreSQL: whoever runs the server backs it up with pg_dump (see the README). The app takes no
          snapshots of its own.
        </p>
      ) : data ? (
        <>
          <p className="text-sm text-stone-800" role="status">
            {data.lastSuccess ? (
              <>
                Last backup: <strong>{when(data.lastSuccess.at)}</strong> · {countOf(data.stored, 'backup')} kept
              </>
            ) : (
              'No backup yet.'
            )}
          </p>
          {data.lastFailure && (
            <Banner kind="error">
              The backup of {when(data.lastFailure.at)} failed: {data.lastFailure.message}
            </Banner>
          )}
          <details className="text-xs text-stone-600">
            <summary className="cursor-pointer">Details for whoever runs the server</summary>
            <p className="mt-1">
              Next: {when(data.nextAt)}. Daily at {formatTime12h(data.hour * 100)}, the last {data.keep} kept in{' '}
              <span className="break-all font-mono">{data.folder}</span>
              {data.lastSuccess?.reservations != null &&
                `. The last holds ${countOf(data.lastSuccess.reservations, 'reservation')} and ${countOf(data.lastSuccess.accounts ?? 0, 'account')}`}
              .
            </p>
          </details>
        </>
      ) : null}
    </section>
  );
}
