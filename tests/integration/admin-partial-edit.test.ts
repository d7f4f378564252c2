import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, type EditBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 15.1: an admin edit is a partial update (SPEC section 7). Sending one field must leave every other field
// as it was; a default in the update schema (seat type 'table') once turned counter reservations into table ones.

/** One field of an edit, a value the API takes for it, and what the field should become. */
type OneFieldEdit = {
  [F in keyof EditBody]-?: [field: F, value: NonNullable<EditBody[F]>, expected: unknown];
}[keyof EditBody];

/** One field changed at a time, for every field the admin may edit, and what each should become. */
const ONE_FIELD_EDITS: OneFieldEdit[] = [
  ['name', 'Carol Counter', 'Carol Counter'],
  ['phoneNumber', '555-222-3333', '5552223333'],
  ['reminderEmail', 'carol.reminders@example.com', 'carol.reminders@example.com'],
  ['specialRequests', 'allergy: shellfish', 'allergy: shellfish'],
  ['partySize', 3, 3],
  ['startTime', 1900, 1900],
  ['reservationDate', '2026-11-27', '2026-11-27'],
];

/** The fields that follow from others: the end time from the start, tables from date, time and size. */
const DERIVED = ['endTime', 'tableIds', 'updatedAt'];

describe('admin partial edits of a counter reservation', () => {
  let server: TestServer;
  let admin: TestClient;
  let ticks = 0;

  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => new Date(FIXED_NOW.getTime() + ticks++),
    });
    admin = new TestClient(server.url, {}, '127.0.0.40');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A party of two at counter seats C1 and C2, on its own evening so the edits never meet each other. */
  async function counterReservation(reservationDate: string) {
    const response = await admin.api.reservations.$post({
      json: bookingBody({
        reservationDate,
        seatType: 'counter',
        tableIds: ['C1', 'C2'],
        specialRequests: 'window, if possible',
        reminderEmail: 'carol@example.com',
      }),
    });
    expect(response.status).toBe(201);
    return response.body.reservation as Record<string, unknown>;
  }

  it.each(ONE_FIELD_EDITS)(
    'changing only %s keeps the seat type and every field not sent',
    async (field, value, expected) => {
      // Each case books on a date of its own (Wednesday the 25th onward), and date edits move to Friday the 27th.
      const dates = ['2026-11-25', '2026-11-26', '2026-11-28', '2026-11-29', '2026-12-01', '2026-12-02', '2026-12-03'];
      const before = await counterReservation(dates[ONE_FIELD_EDITS.findIndex(([name]) => name === field)]!);

      const reservation = { id: String(before.id) };
      const response = await admin.api.reservations[':id'].$patch({ param: reservation, json: { [field]: value } });
      expect(response.status).toBe(200);
      const after = response.body.reservation as Record<string, unknown>;

      expect(after[field]).toEqual(expected);
      expect(after.seatType).toBe('counter');
      // Still counter seats: kept when nothing about the slot changed, reassigned among counter seats otherwise.
      const tables = after.tableIds as string[];
      expect(tables.every((id) => id.startsWith('C'))).toBe(true);
      expect(tables).toHaveLength(Number(after.partySize));
      if (!['partySize', 'startTime', 'reservationDate'].includes(field)) expect(tables).toEqual(['C1', 'C2']);
      for (const [name, old] of Object.entries(before)) {
        if (name !== field && !DERIVED.includes(name)) expect(after[name], name).toEqual(old);
      }
      // And the stored row says the same as the answer.
      const stored = (await admin.api.reservations[':id'].$get({ param: reservation })).body.reservation;
      expect(stored).toEqual(after);
    },
  );

  it('changes the seat type only when it is sent', async () => {
    const before = await counterReservation('2026-12-04');
    const response = await admin.api.reservations[':id'].$patch({
      param: { id: String(before.id) },
      json: { seatType: 'table' },
    });
    expect(response.status).toBe(200);
    expect(response.body.reservation).toMatchObject({ seatType: 'table', name: before.name, partySize: 2 });
    expect(response.body.reservation.tableIds.some((id) => id.startsWith('C'))).toBe(false);
  });

  it('an empty edit changes nothing', async () => {
    const before = await counterReservation('2026-12-05');
    const response = await admin.api.reservations[':id'].$patch({ param: { id: String(before.id) }, json: {} });
    expect(response.status).toBe(200);
    expect(response.body.reservation).toEqual(before);
  });
});
