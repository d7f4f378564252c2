import type { UpdateReservationInput } from './reservation-schemas';

// What an edit may change, written once: the server compares these to know an edit changed nothing, and the
// screens send only those that changed (SPEC sections 4 and 7: edits are partial updates).

export const EDITABLE_FIELDS = [
  'name',
  'phoneNumber',
  'reservationDate',
  'partySize',
  'seatType',
  'startTime',
  'reminderEmail',
  'specialRequests',
] as const;

type Editable = Record<(typeof EDITABLE_FIELDS)[number], unknown>;

/** The fields of `next` that differ from `current` (a field `next` leaves out is not a change). */
export function changedFields(current: Editable, next: UpdateReservationInput): UpdateReservationInput {
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = field === 'specialRequests' ? (next.specialRequests ?? null) : next[field];
    if (value !== undefined && value !== current[field]) changes[field] = value;
  }
  return changes;
}

/** Whether two reservations agree on every editable field. */
export const sameEditableFields = (a: Editable, b: Editable) => EDITABLE_FIELDS.every((field) => a[field] === b[field]);
