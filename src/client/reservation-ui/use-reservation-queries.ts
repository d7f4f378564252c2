import { useQuery } from '@tanstack/react-query';
import type { SeatType } from '../../shared/seat-types';
import { isIsoDate } from '../../booking/calendar';
import { onClosedWeekday } from '../../booking/restaurant-settings';
import { appConfig } from '../app-config';
import { api, unwrap } from '../api/api-client';

export const reservationKeys = {
  mine: ['reservations', 'mine'] as const,
  /** Every availability query: refreshed after a booking or edit is refused for a time taken meanwhile. */
  allAvailability: ['availability'] as const,
  availability: (date: string, partySize: number, seatType: SeatType, excludeId?: string) =>
    [...reservationKeys.allAvailability, date, partySize, seatType, excludeId ?? null] as const,
};

/** The seatings with room for this party, once date and party size make sense. */
export function useAvailableTimes(date: string, partySize: number | null, seatType: SeatType, excludeId?: string) {
  const enabled = isIsoDate(date) && !onClosedWeekday(date, appConfig.closedWeekdays) && partySize !== null;
  return useQuery({
    queryKey: reservationKeys.availability(date, partySize ?? 0, seatType, excludeId),
    queryFn: () =>
      unwrap(
        api.availability.$get({
          query: { date, partySize: String(partySize), seatType, ...(excludeId ? { excludeId } : {}) },
        }),
      ),
    enabled,
    staleTime: 15_000,
  });
}

export function useMyReservations() {
  return useQuery({ queryKey: reservationKeys.mine, queryFn: () => unwrap(api.reservations.mine.$get()) });
}
