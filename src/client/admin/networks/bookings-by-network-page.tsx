import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isIsoDate, todayIn } from '../../../booking/calendar';
import { userMessage } from '../../api/api-client';
import { appConfig } from '../../app-config';
import { Banner } from '../../components/banner';
import { primaryButton, secondaryButton } from '../../components/buttons';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../layout/use-document-title';
import { formatLongDate, partyLabel, timeRange } from '../../reservation-ui/format';
import { AdminOnly } from '../admin-only';
import { useTrustNetwork } from '../settings/api/trust-network';
import { accountAgeAtBooking } from './account-age';
import { useBookingsByNetwork, useCancelGroup, type NetworkGroup } from './use-bookings-by-network';

/**
 * /admin/networks?date=...: a night's guest bookings grouped by the network each came from, with how old each
 * booking account was, so the owner can see one person behind many accounts and cancel their group in one action
 * (docs/decisions/0014-new-accounts-share-a-network.md).
 */
export function BookingsByNetworkPage() {
  useDocumentTitle('Bookings by network');
  return (
    <AdminOnly>
      <BookingsByNetworkScreen />
    </AdminOnly>
  );
}

function BookingsByNetworkScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date');
  const date = asked && isIsoDate(asked) ? asked : todayIn(appConfig.timeZone);
  const dateId = useId();
  const night = useBookingsByNetwork(date);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-stone-900">Bookings by network</h1>
        <Link className="text-sm font-semibold text-red-900 underline" to={`/admin?date=${date}`}>
          Back to the dashboard
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-stone-700">
        Each group is the bookings guests made from one network: one address, as a household, an office or a phone
        carrier shows the internet. New accounts (under a day old) on one network share one reservation a date. Many
        accounts made minutes before they booked, from one network, are usually one person: you can cancel their group
        here. Networks are kept until the date has passed.
      </p>
      <div className="space-y-2">
        <label htmlFor={dateId} className="block text-sm font-medium text-stone-800">
          Date
        </label>
        <input
          id={dateId}
          type="date"
          value={date}
          onChange={(event) => setSearchParams(event.target.value ? { date: event.target.value } : {})}
          className="rounded-md border border-stone-300 px-3 py-2"
        />
      </div>
      {night.isPending ? (
        <Spinner label="Loading the bookings" />
      ) : night.isError ? (
        <Banner kind="error">
          {userMessage(night.error, 'The bookings could not be loaded. Please try again.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void night.refetch()}>
            Retry
          </button>
        </Banner>
      ) : (
        <>
          <h2 className="text-xl font-semibold text-stone-900">{formatLongDate(date)}</h2>
          {night.data.groups.length === 0 ? (
            <p className="text-stone-700">No guest bookings with a network on this date.</p>
          ) : (
            night.data.groups.map((group) => <NetworkGroupCard key={group.network} group={group} />)
          )}
          {night.data.withoutNetwork > 0 && (
            <p className="text-sm text-stone-600">
              {night.data.withoutNetwork === 1 ? '1 reservation has' : `${night.data.withoutNetwork} reservations have`}{' '}
              no network: booked by the restaurant, or by a guest before networks were recorded.
            </p>
          )}
        </>
      )}
    </div>
  );
}

function NetworkGroupCard({ group }: { group: NetworkGroup }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelGroup();
  const trust = useTrustNetwork();
  const { bookings } = group;
  const fromNewAccounts = bookings.filter((booking) => booking.byNewAccount).length;
  const count = bookings.length === 1 ? '1 reservation' : `${bookings.length} reservations`;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-stone-900">
          Network <span className="font-mono">{group.network}</span>
          {group.trusted && ' '}
          {group.trusted && (
            <span className="ml-1 rounded bg-emerald-100 px-2 py-0.5 text-sm font-medium text-emerald-900">
              Trusted
            </span>
          )}
        </h3>
        <p className="text-sm text-stone-700">
          {count}
          {fromNewAccounts > 0 && `, ${fromNewAccounts} counted as new accounts'`}
        </p>
      </div>
      <GroupBookings bookings={bookings} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
          Cancel these {count}
          <span className="sr-only"> from {group.network}</span>
        </button>
        {!group.trusted && (
          <button
            type="button"
            className={secondaryButton}
            disabled={trust.isPending}
            onClick={() => trust.mutate({ network: group.network, note: null })}
          >
            Trust this network<span className="sr-only"> {group.network}</span>
          </button>
        )}
      </div>
      {trust.isSuccess && (
        <Banner kind="success">
          Trusted: its bookings skip the limits per network from now on. Name it in Restaurant settings.
        </Banner>
      )}
      {trust.isError && (
        <Banner kind="error">{userMessage(trust.error, 'The change could not be saved. Please try again.')}</Banner>
      )}
      {cancel.isError && (
        <Banner kind="error">{userMessage(cancel.error, 'Failed to cancel reservation. Please try again.')}</Banner>
      )}
      {confirming && (
        <CancelGroupDialog
          count={count}
          network={group.network}
          busy={cancel.isPending}
          onNo={() => setConfirming(false)}
          onYes={() =>
            cancel.mutate(
              bookings.map((booking) => booking.reservation.id),
              { onSettled: () => setConfirming(false) },
            )
          }
        />
      )}
    </section>
  );
}

/** A group's bookings, each with how long before booking its account was made. */
function GroupBookings({ bookings }: { bookings: NetworkGroup['bookings'] }) {
  return (
    <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 text-sm">
      {bookings.map(({ reservation, accountCreatedAt }) => (
        <li key={reservation.id} className="flex flex-wrap gap-x-4 gap-y-1 p-3">
          <span className="font-medium">{timeRange(reservation.startTime, reservation.endTime)}</span>
          <span>{partyLabel(reservation.partySize)}</span>
          <span>{reservation.tableIds.length ? `Tables ${reservation.tableIds.join(', ')}` : 'No tables'}</span>
          <span>{reservation.name}</span>
          <span className="break-all">{reservation.email}</span>
          <span className="text-stone-600">
            {accountCreatedAt
              ? `Account made ${accountAgeAtBooking(accountCreatedAt, reservation.createdAt)} before booking`
              : 'Account deleted'}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CancelGroupDialog({
  count,
  network,
  busy,
  onYes,
  onNo,
}: {
  count: string;
  network: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={onNo}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        Cancel {count}?
      </h2>
      <p className="mt-2 text-stone-700">
        Every reservation booked from <span className="font-mono">{network}</span> on this date is cancelled, as if you
        cancelled each one: its tables are free again at once, and it is gone from its guest&apos;s reservations.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onNo} autoFocus>
          No
        </button>
        <button type="button" className={primaryButton} onClick={onYes} disabled={busy}>
          {busy ? 'Cancelling…' : 'Yes, cancel them'}
        </button>
      </div>
    </dialog>
  );
}
