// How a party's night is going, as the host marks it by hand (docs/decisions/0017-the-host-stand.md): nothing
// here changes with the clock. A reservation starts Booked; the host marks Arrived, Seated, Finished, or
// No-show, and can undo the last step. No zod here: the admin's cards read these.

export const SERVICE_STATUSES = ['booked', 'arrived', 'seated', 'finished', 'no-show'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Each status as the host reads it. */
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  'no-show': 'No-show',
};

/** Where a party is in its night, since when (null while Booked), and where undo takes it (null: nothing to undo). */
export interface ServiceState {
  status: ServiceStatus;
  since: string | null;
  undoTo: ServiceStatus | null;
  /** Finished early: its tables are free from this time (HHMM), before its seating's end; else null. */
  freedFrom: number | null;
  /** A walk-in: seated by the host at the door, with no account and no email. */
  walkIn: boolean;
}
