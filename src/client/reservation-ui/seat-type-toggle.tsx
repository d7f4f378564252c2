import { SEAT_TYPES, type SeatType } from '../../shared/seat-types';
import { choiceButton } from '../components/buttons';
import { seatTypeLabel } from './format';

interface Props {
  value: SeatType;
  onChange: (seatType: SeatType) => void;
  disabled?: boolean | undefined;
  /** The caller's layout: the booking form's buttons fill the row, Change Seats' are compact. */
  className: string;
}

/** Table or Counter, one pressed: the booking form's Seat Type and Change Seats' both. */
export function SeatTypeToggle({ value, onChange, disabled, className }: Props) {
  return SEAT_TYPES.map((type) => (
    <button
      key={type}
      type="button"
      aria-pressed={value === type}
      disabled={disabled}
      onClick={() => onChange(type)}
      className={`px-4 text-sm font-semibold ${className} ${choiceButton(value === type)}`}
    >
      {seatTypeLabel(type)}
    </button>
  ));
}
