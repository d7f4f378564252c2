import { formatTime12h } from '../../booking/clock';
import { isLate, LATE_AFTER_MINUTES } from '../../booking/service-steps';
import { countOf } from '../../booking/words';
import type { AdminReservation } from '../../shared/reservation';
import { userMessage } from '../api/api-client';
import { useSetServiceStatus } from './api/set-service-status';
import { useRestaurantNow } from './restaurant-time';

/**
 * The top of the date view: today, the parties still Booked 15 minutes into their seating, each a tap from
 * Arrived or No-show; on a date gone by, how many parties nobody marked. Nothing is marked by itself.
 */
export function LateParties({ date, reservations }: { date: string; reservations: AdminReservation[] }) {
  const moment = useRestaurantNow();
  const mark = useSetServiceStatus();
  if (date < moment.today) {
    const unmarked = reservations.filter((r) => r.service.status === 'booked').length;
    if (unmarked === 0) return null;
    return (
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        {countOf(unmarked, 'party', 'parties')} on this date {unmarked === 1 ? 'was' : 'were'} never marked: mark each
        Arrived, Seated or No-show below.
      </p>
    );
  }
  const late = reservations.filter((r) => isLate(r, r.service.status, moment));
  if (late.length === 0) return null;
  return (
    <section aria-labelledby="late-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="late-heading" className="font-semibold text-amber-950">
        Not arrived
      </h2>
      <p className="text-sm text-amber-900">Still booked {LATE_AFTER_MINUTES} minutes into their seating.</p>
      <ul className="mt-2 space-y-2">
        {late.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm text-stone-900">
            <span className="font-semibold">{formatTime12h(r.startTime)}</span>
            <span>
              {r.name}, {countOf(r.partySize, 'guest')}
            </span>
            <span className="ml-auto flex gap-2">
              {(['arrived', 'no-show'] as const).map((to) => (
                <button
                  key={to}
                  type="button"
                  disabled={mark.isPending}
                  aria-label={`${to === 'arrived' ? 'Arrived' : 'No-show'}: ${r.name}`}
                  className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60"
                  onClick={() => mark.mutate({ id: r.id, from: 'booked', to })}
                >
                  {to === 'arrived' ? 'Arrived' : 'No-show'}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {mark.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {userMessage(mark.error, 'The mark could not be saved. Please try again.')}
        </p>
      )}
    </section>
  );
}
