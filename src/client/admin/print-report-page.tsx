import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { tableNumber } from '../../booking/assign-tables';
import * as messages from '../../booking/messages';
import { formatPhoneInput } from '../../booking/phone';
import { api, unwrap } from '../api/api-client';
import { appConfig } from '../app-config';
import { useAuth } from '../auth/use-auth';
import { Spinner } from '../components/spinner';
import { formatLongDate, timeRange } from '../reservations/format';
import type { Reservation } from '../reservations/use-reservation-api';
import { searchReservations } from './search';

const firstTable = (r: Reservation) => (r.tableIds[0] ? tableNumber(r.tableIds[0]) : Number.MAX_SAFE_INTEGER);
const byDateStartTable = (a: Reservation, b: Reservation) =>
  a.reservationDate.localeCompare(b.reservationDate) || a.startTime - b.startTime || firstTable(a) - firstTable(b);

/**
 * /admin/print?date=... or ?q=...: the printable report Print Reservations opens in a new window. React
 * renders every value as text, so a name like <img onerror=...> prints as the characters it is.
 */
export function PrintReportPage() {
  const auth = useAuth();
  const [search] = useSearchParams();
  const date = search.get('date');
  const text = search.get('q') ?? '';
  const isAdmin = auth.status === 'signedIn' && auth.user.isAdmin;

  const report = useQuery({
    queryKey: ['admin', 'print', date, text],
    enabled: isAdmin,
    queryFn: async () =>
      date
        ? (await unwrap(api.reservations.$get({ query: { date } }))).reservations
        : searchReservations((await unwrap(api.reservations.all.$get())).reservations, text),
  });
  const rows = [...(report.data ?? [])].sort(byDateStartTable);

  useEffect(() => {
    if (report.isSuccess && rows.length) {
      document.title = `Reservations ${date ?? text}`;
      window.print();
    }
  }, [report.isSuccess, rows.length, date, text]);

  if (auth.status === 'loading' || (isAdmin && report.isPending)) return <Spinner label="Preparing the report" />;
  if (!isAdmin) return <p className="p-8 font-semibold text-red-900">{messages.accessDenied}</p>;
  if (report.isError) return <p className="p-8 text-red-900">{messages.loadAdminFailed}</p>;

  return (
    <main className="print-report mx-auto max-w-5xl p-6 text-stone-900">
      <header className="mb-4 flex items-baseline justify-between">
        <h1 className="text-2xl font-bold">
          {appConfig.restaurantName}: {date ? formatLongDate(date) : `Reservations matching “${text}”`}
        </h1>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded border border-stone-400 px-3 py-1 text-sm print:hidden"
        >
          Print
        </button>
      </header>
      {rows.length === 0 ? (
        <p>No reservations to print. Please select a date or search for reservations first.</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b-2 border-stone-800 text-left">
              {!date && <th className="py-1 pr-3">Date</th>}
              <th className="py-1 pr-3">Time</th>
              <th className="py-1 pr-3">Party</th>
              <th className="py-1 pr-3">Name</th>
              <th className="py-1 pr-3">Phone</th>
              <th className="py-1 pr-3">Email</th>
              <th className="py-1">Tables</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="break-inside-avoid border-b border-stone-300 align-top">
                {!date && <td className="py-1 pr-3">{formatLongDate(r.reservationDate)}</td>}
                <td className="whitespace-nowrap py-1 pr-3">{timeRange(r.startTime, r.endTime)}</td>
                <td className="py-1 pr-3">{r.partySize}</td>
                <td className="py-1 pr-3">{r.name}</td>
                <td className="whitespace-nowrap py-1 pr-3">{formatPhoneInput(r.phoneNumber)}</td>
                <td className="break-all py-1 pr-3">{r.reminderEmail}</td>
                <td className="py-1">
                  {r.tableIds.length ? r.tableIds.join(', ') : 'No tables assigned'}
                  {r.seatType === 'counter' && ' (Counter)'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-4 font-semibold">Total reservations: {rows.length}</p>
      <footer className="mt-8 border-t border-stone-400 pt-2 text-xs text-stone-700">
        Confidential: contains guests' personal data. For restaurant staff only; shred after service.
      </footer>
    </main>
  );
}
