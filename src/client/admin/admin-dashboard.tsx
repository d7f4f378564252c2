import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as adminMessages from '../../shared/messages/admin';
import * as bookingMessages from '../../shared/messages/booking';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { BackupStatus } from './backup-status';
import { DateViewControls, useDateView } from './date-view';
import { ExportReservations } from './export-reservations';
import { MailStatus } from './mail-status';
import { ReservationList } from './reservation-list';
import { SearchViewControls, useSearchView } from './search-view';

type Mode = 'date' | 'search';

/**
 * /admin: a day's reservations or a search over all of them, one view at a time over the same list, with the
 * owner's tools around them (SPEC section 2, Admin Dashboard).
 */
export function AdminDashboard() {
  // A link from the settings (a reservation to move off a table) names its date and the reservation whose Change
  // Seats panel to open: /admin?date=2026-12-01&changeSeats=<id>.
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('date');
  const [notices, setNotices] = useState<BannerMessage[]>([]);
  // Both views keep their state while the other shows: the date chosen stays for the way back.
  const dateView = useDateView(mode === 'date', searchParams.get('date'));
  const searchView = useSearchView(mode === 'search');
  const view = mode === 'date' ? dateView : searchView;

  const switchMode = (next: Mode) => {
    // Switching clears the results and closes any open panel (SPEC section 2): the list is drawn anew.
    setMode(next);
    setNotices([]);
    searchView.clear();
  };

  const print = () => {
    if (view.list.length === 0) {
      setNotices([{ kind: 'warning', text: adminMessages.nothingToPrint }]);
      return;
    }
    window.open(`/admin/print?${new URLSearchParams(view.printQuery).toString()}`, '_blank', 'noopener');
  };

  return (
    <section className="space-y-6">
      <DashboardHeading date={dateView.date} count={view.list.length} print={print} />
      <Banner kind="info">{bookingMessages.adminMode}</Banner>
      <MailStatus />

      <ModeSwitch mode={mode} switchTo={switchMode} />

      {notices.map((notice) => (
        <Banner key={notice.text} kind={notice.kind}>
          {notice.text}
        </Banner>
      ))}

      {mode === 'date' ? <DateViewControls view={dateView} /> : <SearchViewControls view={searchView} />}

      {/* A new date, or the other view, closes any open panel. */}
      <ReservationList
        key={mode === 'date' ? `date ${dateView.date}` : 'search'}
        reservations={view.list}
        loading={view.loading}
        failed={view.failed}
        emptyMessage={view.emptyMessage}
        setNotices={setNotices}
        openSeatsFor={mode === 'date' ? (searchParams.get('changeSeats') ?? undefined) : undefined}
      />

      <ExportReservations />
      <BackupStatus />

      <p className="text-sm text-stone-600">
        Guest details are confidential and used only to run reservations. See the{' '}
        <Link className="underline" to="/privacy">
          privacy policy
        </Link>
        .
      </p>
    </section>
  );
}

/** The dashboard's title and its tools: the settings, the night by network, the printed list. */
function DashboardHeading({ date, count, print }: { date: string; count: number; print: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-3xl font-bold text-stone-900">Admin Dashboard</h1>
      <div className="flex flex-wrap items-center gap-3">
        <Link className={secondaryButton} to="/admin/settings">
          Restaurant settings
        </Link>
        <Link className={secondaryButton} to={`/admin/networks?${new URLSearchParams({ date }).toString()}`}>
          Bookings by network
        </Link>
        <button type="button" className={primaryButton} onClick={print}>
          Print Reservations ({count})
        </button>
      </div>
    </div>
  );
}

/** Search by Date or by Name/Email, one pressed (SPEC section 2). */
function ModeSwitch({ mode, switchTo }: { mode: Mode; switchTo: (next: Mode) => void }) {
  return (
    <div role="group" aria-label="Search mode" className="flex gap-2">
      {(
        [
          ['date', 'Search by Date'],
          ['search', 'Search by Name/Email'],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          onClick={() => switchTo(value)}
          className={mode === value ? primaryButton : secondaryButton}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
