import type { ServiceStatus } from './service-status';

// What happened to a reservation, one line each, as the admin's card lists it: a view of the activity record
// (docs/decisions/0017-the-host-stand.md). A line names who did it (the admin's email, or "guest") and what changed,
// never a guest's details: an edit of a name or a phone number says that it changed, not to what.

/** The reservation's fields whose values are personal details: an edit records that they changed, as null. */
export const PERSONAL_FIELDS = ['name', 'phoneNumber', 'reminderEmail', 'specialRequests'] as const;

/** A reservation as its history records it: what the restaurant keeps of every reservation, no personal details. */
export interface BookedFacts {
  reservationDate: string;
  startTime: number;
  partySize: number;
  seatType: string;
  tableIds: string[];
  /** A walk-in, seated by the host at the door. */
  walkIn?: true;
}

export type HistoryChange =
  | { action: 'created'; before: null; after: BookedFacts }
  /** The fields the edit changed, each before and after (a personal one as null). */
  | { action: 'edited'; before: Record<string, unknown>; after: Record<string, unknown> }
  | { action: 'seats'; before: { tableIds: string[] }; after: { tableIds: string[] } }
  | { action: 'status'; before: { status: ServiceStatus }; after: { status: ServiceStatus } }
  /** How long before the seating's start it was cancelled, in minutes (negative: after it began). */
  | { action: 'cancelled'; before: BookedFacts; after: { minutesBeforeSeating: number } };

export type HistoryLine = HistoryChange & { at: string; by: string; role: 'admin' | 'guest' };

/** Who a history line says did it, when the guest did. */
export const GUEST_ACTOR = 'guest';
