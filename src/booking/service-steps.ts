import type { ServiceState, ServiceStatus } from '../shared/service-status';
import { hasBegun } from './booking-window';
import { hhmmToMinutes } from './clock';

// The host's steps through a party's night, and which are allowed when (docs/decisions/0017-the-host-stand.md).
// A reservation records when each step was taken; its status is the latest step taken, and undo clears that one.
// The server decides every change by these rules; the admin's card offers only what they allow.

/** When each step was taken (ISO instants), or null: a reservation's service columns. */
export interface ServiceSteps {
  arrivedAt: string | null;
  seatedAt: string | null;
  finishedAt: string | null;
  noShowAt: string | null;
}

export type ServiceStep = Exclude<ServiceStatus, 'booked'>;
export const SERVICE_STEPS: readonly ServiceStep[] = ['arrived', 'seated', 'finished', 'no-show'];

/** Which column records each step. */
export const STEP_COLUMN: Record<ServiceStep, keyof ServiceSteps> = {
  arrived: 'arrivedAt',
  seated: 'seatedAt',
  finished: 'finishedAt',
  'no-show': 'noShowAt',
};

/** The statuses each step can be taken from: a party can be seated without waiting at the bar first. */
const STEP_FROM: Record<ServiceStep, readonly ServiceStatus[]> = {
  arrived: ['booked'],
  seated: ['booked', 'arrived'],
  finished: ['seated'],
  'no-show': ['booked'],
};

/** The latest step taken, later steps first (a no-show ends the night as Finished does). */
const PRECEDENCE: readonly ServiceStep[] = ['no-show', 'finished', 'seated', 'arrived'];

export const NO_STEPS: ServiceSteps = { arrivedAt: null, seatedAt: null, finishedAt: null, noShowAt: null };

/** The party's status (its latest step, or Booked), since when, and the status undo would go back to. */
export function statusOf(steps: ServiceSteps): Omit<ServiceState, 'freedFrom' | 'walkIn'> {
  const latest = PRECEDENCE.find((step) => steps[STEP_COLUMN[step]] !== null);
  if (!latest) return { status: 'booked', since: null, undoTo: null };
  const before = PRECEDENCE.find((step) => step !== latest && steps[STEP_COLUMN[step]] !== null);
  return { status: latest, since: steps[STEP_COLUMN[latest]], undoTo: before ?? 'booked' };
}

/** Where the restaurant is in time, and when the reservation's seating is. */
export interface StepMoment {
  today: string;
  nowHhmm: number;
  reservation: { reservationDate: string; startTime: number };
}

export type StepDecision =
  | { kind: 'set'; column: keyof ServiceSteps }
  | { kind: 'clear'; column: keyof ServiceSteps }
  | { kind: 'refused'; reason: StepRefusal };

export type StepRefusal = 'later-date' | 'not-begun' | 'not-from-here';

/** Why a party with this status may not take this step forward now, or null when it may. */
export function stepRefusal(status: ServiceStatus, step: ServiceStep, moment: StepMoment): StepRefusal | null {
  if (!STEP_FROM[step].includes(status)) return 'not-from-here';
  if (moment.reservation.reservationDate > moment.today) return 'later-date';
  if (step === 'no-show' && !hasBegun(moment.reservation, moment.today, moment.nowHhmm)) return 'not-begun';
  return null;
}

/**
 * Whether the party may go from its current steps to `to`: back one (undo, always), or a step forward the rules
 * allow, on the seating's day or after; a No-show only once the seating has begun.
 */
export function decideStep(steps: ServiceSteps, to: ServiceStatus, moment: StepMoment): StepDecision {
  const { status, undoTo } = statusOf(steps);
  if (status !== 'booked' && to === undoTo) return { kind: 'clear', column: STEP_COLUMN[status] };
  const refusal = to === 'booked' ? 'not-from-here' : stepRefusal(status, to, moment);
  if (refusal) return { kind: 'refused', reason: refusal };
  return { kind: 'set', column: STEP_COLUMN[to as ServiceStep] };
}

/** The steps the host can take now from the party's status (undo aside), in the order of a night. */
export function nextSteps(status: ServiceStatus, moment: StepMoment): ServiceStep[] {
  return SERVICE_STEPS.filter((step) => stepRefusal(status, step, moment) === null);
}

/** From this many minutes after its seating's start, a party still Booked is listed as not arrived. */
export const LATE_AFTER_MINUTES = 15;

/** A party of today still Booked 15 minutes into its seating: the host calls them, or marks them. */
export function isLate(
  reservation: { reservationDate: string; startTime: number },
  status: ServiceStatus,
  moment: { today: string; nowHhmm: number },
): boolean {
  if (status !== 'booked' || reservation.reservationDate !== moment.today) return false;
  return hhmmToMinutes(moment.nowHhmm) >= hhmmToMinutes(reservation.startTime) + LATE_AFTER_MINUTES;
}
