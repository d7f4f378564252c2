import { describe, expect, it } from 'vitest';
import { endTimeFor } from '../../booking/clock';
import { createBookingsInFlight } from './bookings-in-flight';

const DATE = '2026-12-01';
const at = (startTime: number, tableIds = ['t1']) => ({
  id: `${startTime}-${tableIds.join()}`,
  tableIds,
  startTime,
  endTime: endTimeFor(startTime),
  partySize: 2,
});
const seventeen = { startTime: 1700, endTime: 1830 };

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('bookings in flight', () => {
  it('lists the bookings of a date until each ends, and counts the ones made', () => {
    const inFlight = createBookingsInFlight();
    const first = inFlight.enter(DATE, at(1700, ['t1']));
    const second = inFlight.enter(DATE, at(1700, ['t2']));
    inFlight.enter('2026-12-02', at(1700, ['t3']));
    expect(inFlight.on(DATE).map((booking) => booking.tableIds)).toEqual([['t1'], ['t2']]);

    first(true);
    second(false);
    second(true); // counted out once only
    expect(inFlight.on(DATE)).toEqual([]);
    expect(inFlight.madeCount()).toBe(1);
  });

  it('lets a guest look again at once when nothing overlapping their time is in flight', async () => {
    const inFlight = createBookingsInFlight();
    expect(await settled(inFlight.mayHaveRoom(DATE, seventeen))).toBe(true);
    inFlight.enter(DATE, at(1830));
    inFlight.enter('2026-12-02', at(1700));
    expect(await settled(inFlight.mayHaveRoom(DATE, seventeen))).toBe(true);
  });

  it('wakes the guests waiting at a time when a booking overlapping it is made, and no others', async () => {
    const inFlight = createBookingsInFlight();
    const first = inFlight.enter(DATE, at(1700, ['t1']));
    inFlight.enter(DATE, at(1730, ['t2']));
    const later = inFlight.enter(DATE, at(1900, ['t3']));
    const waiting = inFlight.mayHaveRoom(DATE, seventeen);

    later(true); // no overlap with 17:00
    expect(await settled(waiting)).toBe(false);
    first(true);
    expect(await settled(waiting)).toBe(true);
  });

  it('wakes the guests waiting at overlapping times as soon as a booking fails, its table free again', async () => {
    const inFlight = createBookingsInFlight();
    const failing = inFlight.enter(DATE, at(1700, ['t1']));
    inFlight.enter(DATE, at(1700, ['t2']));
    const atSeventeen = inFlight.mayHaveRoom(DATE, seventeen);
    const atHalfPast = inFlight.mayHaveRoom(DATE, { startTime: 1730, endTime: 1900 });
    const atNineteen = inFlight.mayHaveRoom(DATE, { startTime: 1900, endTime: 2030 });
    expect(await settled(atNineteen)).toBe(true); // nothing of its time in flight

    failing(false);
    expect(await settled(atSeventeen)).toBe(true);
    expect(await settled(atHalfPast)).toBe(true);
  });
});
