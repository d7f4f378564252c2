import { useId, useState } from 'react';
import { addDays, todayIn } from '../../booking/calendar';
import { api, ApiError, OFFLINE_MESSAGE, unwrap, userMessage } from '../api/api-client';
import { appConfig } from '../app-config';
import { Banner } from '../components/banner';
import { secondaryButton } from '../components/buttons';

// The owner downloads the book as a CSV file for a spreadsheet: everything, or the reservations dated within a
// range. The server writes the file (src/server/reservations/reservations-csv.ts) and names it.

type Scope = 'all' | 'range';

async function downloadCsv(query: { from?: string; to?: string }): Promise<void> {
  const response = await api.reservations.export.$get({ query }).catch(() => {
    throw new ApiError(0, OFFLINE_MESSAGE, 'network');
  });
  // A refusal carries the server's message; unwrap throws it.
  if (!response.ok) await unwrap(Promise.resolve(response));
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'reservations.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ExportReservations() {
  const today = todayIn(appConfig.timeZone);
  const [scope, setScope] = useState<Scope>('all');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 30));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadCsv(scope === 'all' ? {} : { ...(from ? { from } : {}), ...(to ? { to } : {}) });
    } catch (error) {
      setFailure(userMessage(error, 'The file could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-md border border-stone-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Export reservations
      </h2>
      <p className="text-sm text-stone-700">A CSV file that opens in any spreadsheet.</p>
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Which reservations</legend>
        {(
          [
            ['all', 'Everything'],
            ['range', 'A date range'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="radio"
              name={`${id}-scope`}
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {scope === 'range' && (
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['from', 'From', from, setFrom],
              ['to', 'To', to, setTo],
            ] as const
          ).map(([key, label, value, set]) => (
            <div key={key} className="space-y-1">
              <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-stone-800">
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                type="date"
                value={value}
                onChange={(e) => set(e.target.value)}
                className="rounded-md border border-stone-300 px-3 py-2"
              />
            </div>
          ))}
        </div>
      )}
      {failure && <Banner kind="error">{failure}</Banner>}
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download CSV'}
      </button>
    </section>
  );
}
