import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { byDateThenStart } from '../../booking/sort-orders';
import * as adminMessages from '../../shared/messages/admin';
import { formatPhoneInput } from '../../booking/phone';
import { api, unwrap } from '../api/api-client';
import { appConfig } from '../app-config';
import type { AdminReservation } from '../../shared/reservation';
import { SERVICE_STATUS_LABELS } from '../../shared/service-status';
import { AdminOnly } from './admin-only';
import { partyName } from './party-name';
import { adminKeys } from './api/admin-keys';
import { Spinner } from '../components/spinner';
import { formatLongDate, timeRange } from '../reservation-ui/format';
import { searchReservations } from './search';

/**
 * /admin/print?date=... or ?q=...: the printable report Print Reservations opens in a new window. React
 * renders every value as text, so a name like <img onerror=...> prints as the characters it is.
 */
export function PrintReportPage() {
  // The same door as every admin page: a visitor signs in first and comes back here, a guest is turned away.
  return (
    <AdminOnly>
      <PrintReport />
    </AdminOnly>
  );
}

function PrintReport() {
  const [search] = useSearchParams();
  const date = search.get('date');
  const text = search.get('q') ?? '';

  const report = useQuery({
    queryKey: adminKeys.print(date, text),
    queryFn: async () =>
      date
        ? (await unwrap(api.reservations.$get({ query: { date } }))).reservations
        : searchReservations((await unwrap(api.reservations.all.$get())).reservations, text),
  });
  const rows = [...(report.data ?? [])].sort(byDateThenStart);

  useEffect(() => {
    if (report.isSuccess && rows.length) {
      document.title = `Reservations ${date ?? text}`;
      window.print();
    }
  }, [report.isSuccess, rows.length, date, text]);

  if (report.isPending) return <Spinner label="Preparing the report" />;
  if (report.isError) return <p className="p-8 text-red-900">{adminMessages.loadAdminFailed}</p>;

  return (
    <main className="print-report mx-auto max-w-5xl p-4 text-stone-900 sm:p-6">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
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
      {rows.length === 0 ? <p>{adminMessages.nothingToPrint}</p> : <ReportTable rows={rows} withDate={!date} />}
      <p className="mt-4 font-semibold">Total reservations: {rows.length}</p>
      <footer className="mt-8 border-t border-stone-400 pt-2 text-xs text-stone-700">
        Confidential: contains guests' personal data. For restaurant staff only; shred after service.
      </footer>
    </main>
  );
}

/**
 * The report's rows, sorted; a Date column in search mode; each party's status as the host last marked it. Each
 * cell names its column for a phone's stacked layout.
 */
function ReportTable({ rows, withDate }: { rows: AdminReservation[]; withDate: boolean }) {
  const cell = (column: string, value: ReactNode, className = '') => (
    <td data-column={column} className={`py-1 pr-3 align-top ${className}`}>
      {value}
    </td>
  );
  return (
    <table className="w-full border-collapse text-sm print:text-[10pt]">
      <thead>
        <tr className="border-b-2 border-stone-800 text-left">
          {withDate && <th className="py-1 pr-3">Date</th>}
          <th className="py-1 pr-3">Time</th>
          <th className="py-1 pr-3">Status</th>
          <th className="py-1 pr-3">Party</th>
          <th className="py-1 pr-3">Name</th>
          <th className="py-1 pr-3">Phone</th>
          <th className="py-1 pr-3">Email</th>
          <th className="py-1 pr-3">Tables</th>
          <th className="py-1">Requests</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="break-inside-avoid border-b border-stone-300">
            {withDate && cell('Date', formatLongDate(r.reservationDate))}
            {cell('Time', timeRange(r.startTime, r.endTime), 'sm:whitespace-nowrap')}
            {cell('Status', SERVICE_STATUS_LABELS[r.service.status], 'sm:whitespace-nowrap')}
            {cell('Party', r.partySize)}
            {cell('Name', partyName(r), 'break-words')}
            {cell('Phone', formatPhoneInput(r.phoneNumber), 'sm:whitespace-nowrap')}
            {cell('Email', r.reminderEmail, 'break-all')}
            {cell(
              'Tables',
              <>
                {r.tableIds.length ? r.tableIds.join(', ') : adminMessages.noTablesAssigned}
                {r.seatType === 'counter' && ' (Counter)'}
              </>,
            )}
            {/* Allergies and the like: the kitchen reads them from this list. */}
            {cell('Requests', r.specialRequests, 'break-words')}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
