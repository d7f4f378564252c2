import { outsideHours, type WeeklyHours } from '../../booking/restaurant-settings';
import type { HoursInput } from '../../booking/settings-schemas';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { upcomingReservations } from './affected-reservations';
import { describeHoursChange, sameSetting } from './describe-change';
import type { SettingsWrite } from './settings-deps';

/**
 * The seatings of each weekday, and the weekdays closed. Reservations already made at a time the new hours no
 * longer offer stay (the owner moves or cancels them): the change lists them and waits for `confirm`. Those
 * outside the hours already (confirmed by an earlier change) are not asked about again.
 */
export async function updateHours({ deps, actor, input }: SettingsWrite<HoursInput>): Promise<WeeklyHours> {
  const hours: WeeklyHours = [...input.hours];
  return deps.settings.change({
    actor,
    area: 'hours',
    apply: async (trx, current) => {
      if (sameSetting(current.hours, hours)) return { unchanged: true, result: hours };
      // Only the reservations this change puts outside: one already outside the hours was confirmed then.
      const outside = (await upcomingReservations(trx, restaurantClock(deps))).filter(
        (reservation) =>
          outsideHours(reservation.reservationDate, reservation.startTime, hours) &&
          !outsideHours(reservation.reservationDate, reservation.startTime, current.hours),
      );
      if (outside.length && !input.confirm) {
        throw new AppError(
          'needs_confirmation',
          `${outside.length === 1 ? '1 reservation falls' : `${outside.length} reservations fall`} outside the new hours. They stay booked until you move or cancel them. Save anyway?`,
          outside,
        );
      }
      return { summary: describeHoursChange(current.hours, hours), sections: { hours }, result: hours };
    },
  });
}
