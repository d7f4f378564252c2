import { isIsoDate } from '../../booking/calendar';
import { byStartThenTable } from '../../booking/sort-orders';
import type { Reservation } from '../../shared/reservation';
import { inNetworks } from '../http/client-network';
import type { ReservationDeps } from './reservation-deps';
import { reservationsOnWithNetworks } from './reservation-store';

/** One of a night's reservations as the owner's view by network shows it. */
export interface NetworkBooking {
  reservation: Reservation;
  /** When the booking account was made, ISO-8601; null once the account is deleted. */
  accountCreatedAt: string | null;
  /** Whether the account was under a day old when it booked (or last moved) this reservation. */
  byNewAccount: boolean;
}

/** The reservations of a date booked from one network (an IPv4 address, an IPv6 /64). */
export interface NetworkGroup {
  network: string;
  trusted: boolean;
  bookings: NetworkBooking[];
}

/**
 * A date's guest reservations grouped by the network they were booked from, the largest groups first, for the
 * owner to spot one person behind many accounts (docs/decisions/0014). The admin's own bookings, and those of
 * dates past (networks are kept only until the date has passed), are counted apart.
 */
export async function listBookingsByNetwork({
  deps,
  date,
}: {
  deps: ReservationDeps;
  date: string;
}): Promise<{ date: string; groups: NetworkGroup[]; withoutNetwork: number }> {
  if (!isIsoDate(date)) return { date, groups: [], withoutNetwork: 0 };
  const rows = await reservationsOnWithNetworks(deps.db, date);
  const trustedNetworks = deps.settings.current().trustedNetworks.map((trusted) => trusted.network);
  const groups = new Map<string, NetworkGroup>();
  // The admin's bookings, and guests' made before networks were recorded or dated in the past.
  let withoutNetwork = 0;
  for (const row of rows.sort((a, b) => byStartThenTable(a.reservation, b.reservation))) {
    if (row.bookedFrom === null) {
      withoutNetwork++;
      continue;
    }
    const group = groups.get(row.bookedFrom) ?? {
      network: row.bookedFrom,
      trusted: inNetworks(row.bookedFrom.replace(/\/64$/, ''), trustedNetworks),
      bookings: [],
    };
    group.bookings.push({
      reservation: row.reservation,
      accountCreatedAt: row.accountCreatedAt?.toISOString() ?? null,
      byNewAccount: row.bookedByNewAccount,
    });
    groups.set(row.bookedFrom, group);
  }
  const ordered = [...groups.values()].sort(
    (a, b) => b.bookings.length - a.bookings.length || a.network.localeCompare(b.network),
  );
  return { date, groups: ordered, withoutNetwork };
}
