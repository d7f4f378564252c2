import { formatLongDate, todayIn } from '../../../booking/calendar';
import { appConfig } from '../../app-config';

/** The spec: the legal pages show today's date (the restaurant's today) as Last updated. */
export function LastUpdated() {
  return <p className="text-sm text-stone-600">Last updated: {formatLongDate(todayIn(appConfig.timeZone))}</p>;
}
