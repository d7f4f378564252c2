import { formatLongDate } from '../../booking/calendar';
import { formatTime12h } from '../../booking/clock';
import type { SeatType } from '../../shared/seat-types';

export const partyLabel = (size: number) => `${size} ${size === 1 ? 'person' : 'people'}`;
export const timeRange = (start: number, end: number) => `${formatTime12h(start)} - ${formatTime12h(end)}`;
export const seatTypeLabel = (seatType: SeatType) => (seatType === 'counter' ? 'Counter' : 'Table');
export { formatLongDate, formatTime12h };
