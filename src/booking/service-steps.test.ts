import { describe, expect, it } from 'vitest';
import { decideStep, isLate, nextSteps, NO_STEPS, statusOf, type ServiceSteps } from './service-steps';

const at = '2026-11-27T19:05:00.000Z';
const later = '2026-11-27T19:20:00.000Z';
const tonight = { today: '2026-11-27', nowHhmm: 1915, reservation: { reservationDate: '2026-11-27', startTime: 1900 } };
const steps = (set: Partial<ServiceSteps>): ServiceSteps => ({ ...NO_STEPS, ...set });

describe('service steps', () => {
  it('reads the status as the latest step taken, and undo as the step before it', () => {
    expect(statusOf(NO_STEPS)).toEqual({ status: 'booked', since: null, undoTo: null });
    expect(statusOf(steps({ arrivedAt: at }))).toEqual({ status: 'arrived', since: at, undoTo: 'booked' });
    expect(statusOf(steps({ arrivedAt: at, seatedAt: later }))).toEqual({
      status: 'seated',
      since: later,
      undoTo: 'arrived',
    });
    // Seated straight from Booked: undo goes back to Booked.
    expect(statusOf(steps({ seatedAt: later })).undoTo).toBe('booked');
    expect(statusOf(steps({ seatedAt: at, finishedAt: later }))).toMatchObject({
      status: 'finished',
      undoTo: 'seated',
    });
    expect(statusOf(steps({ noShowAt: at }))).toEqual({ status: 'no-show', since: at, undoTo: 'booked' });
  });

  it.each([
    // [from these steps, to, decision]
    [{}, 'arrived', { kind: 'set', column: 'arrivedAt' }],
    [{}, 'seated', { kind: 'set', column: 'seatedAt' }],
    [{}, 'no-show', { kind: 'set', column: 'noShowAt' }],
    [{}, 'finished', { kind: 'refused', reason: 'not-from-here' }],
    [{}, 'booked', { kind: 'refused', reason: 'not-from-here' }],
    [{ arrivedAt: at }, 'seated', { kind: 'set', column: 'seatedAt' }],
    [{ arrivedAt: at }, 'no-show', { kind: 'refused', reason: 'not-from-here' }],
    [{ arrivedAt: at }, 'finished', { kind: 'refused', reason: 'not-from-here' }],
    [{ arrivedAt: at }, 'booked', { kind: 'clear', column: 'arrivedAt' }],
    [{ arrivedAt: at, seatedAt: later }, 'finished', { kind: 'set', column: 'finishedAt' }],
    [{ arrivedAt: at, seatedAt: later }, 'arrived', { kind: 'clear', column: 'seatedAt' }],
    [{ arrivedAt: at, seatedAt: later }, 'booked', { kind: 'refused', reason: 'not-from-here' }],
    [{ seatedAt: at, finishedAt: later }, 'seated', { kind: 'clear', column: 'finishedAt' }],
    [{ seatedAt: at, finishedAt: later }, 'no-show', { kind: 'refused', reason: 'not-from-here' }],
    [{ noShowAt: at }, 'booked', { kind: 'clear', column: 'noShowAt' }],
    [{ noShowAt: at }, 'arrived', { kind: 'refused', reason: 'not-from-here' }],
  ] as const)('from %o to %s tonight: %o', (from, to, decision) => {
    expect(decideStep(steps(from), to, tonight)).toEqual(decision);
  });

  it('takes no step on a later date, and a No-show only once the seating has begun; undo always', () => {
    const tomorrow = { ...tonight, reservation: { reservationDate: '2026-11-28', startTime: 1900 } };
    expect(decideStep(NO_STEPS, 'arrived', tomorrow)).toEqual({ kind: 'refused', reason: 'later-date' });
    expect(decideStep(NO_STEPS, 'no-show', tomorrow)).toEqual({ kind: 'refused', reason: 'later-date' });
    // Moved to a later date after the party was marked: the mark can still be taken back.
    expect(decideStep(steps({ arrivedAt: at }), 'booked', tomorrow).kind).toBe('clear');

    const before = { ...tonight, nowHhmm: 1859 };
    expect(decideStep(NO_STEPS, 'no-show', before)).toEqual({ kind: 'refused', reason: 'not-begun' });
    expect(decideStep(NO_STEPS, 'arrived', before).kind).toBe('set');
    // Yesterday's unresolved parties can be settled the next day.
    const nextDay = { ...tonight, today: '2026-11-28', nowHhmm: 1000 };
    expect(decideStep(NO_STEPS, 'no-show', nextDay).kind).toBe('set');
  });

  it('offers the host only the steps the rules allow now', () => {
    expect(nextSteps('booked', tonight)).toEqual(['arrived', 'seated', 'no-show']);
    expect(nextSteps('booked', { ...tonight, nowHhmm: 1830 })).toEqual(['arrived', 'seated']);
    expect(nextSteps('arrived', tonight)).toEqual(['seated']);
    expect(nextSteps('seated', tonight)).toEqual(['finished']);
    expect(nextSteps('finished', tonight)).toEqual([]);
    expect(nextSteps('no-show', tonight)).toEqual([]);
    expect(nextSteps('booked', { ...tonight, today: '2026-11-26' })).toEqual([]);
  });

  it('lists a party of today still Booked from 15 minutes into its seating as late, and no other', () => {
    const seating = { reservationDate: '2026-11-27', startTime: 1845 };
    expect(isLate(seating, 'booked', { today: '2026-11-27', nowHhmm: 1859 })).toBe(false);
    expect(isLate(seating, 'booked', { today: '2026-11-27', nowHhmm: 1900 })).toBe(true);
    expect(isLate(seating, 'arrived', { today: '2026-11-27', nowHhmm: 1930 })).toBe(false);
    // Yesterday's unmarked parties are counted apart, not listed as late.
    expect(isLate(seating, 'booked', { today: '2026-11-28', nowHhmm: 1000 })).toBe(false);
  });
});
