import { afterAll, beforeAll, expect } from 'vitest';
import { bookingBody } from './reservation-factory';
import type { BookingRules, DayHours } from '../../src/booking/restaurant-settings';
import type { HoursInput } from '../../src/booking/settings-schemas';
import { TestClient } from './http-client';
import { OWNER, OWNER_ENV } from './owner';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer, type TestServerOptions } from './test-server';

// The owner's settings as tests set them: the shipped defaults, and a restaurant with its admin
// signed in and a few guests, each client on its own loopback address (sign-up and booking limits are per address).

/** The hours of config/restaurant.json: 17:00 to 20:30 every 30 minutes, closed on Mondays. */
export const DEFAULT_DAY: DayHours = { open: true, first: '17:00', last: '20:30', everyMinutes: 30 };
export const DEFAULT_SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];

/** The seven weekdays' hours as PUT /api/settings/hours takes them, Sunday first. */
export type WeekHours = HoursInput['hours'];

/** The week's hours, Sunday first: the defaults, with some weekdays changed. */
export function weeklyHours(changes: Partial<Record<number, Partial<DayHours>>> = {}): WeekHours {
  return Array.from({ length: 7 }, (_, weekday) => ({
    ...DEFAULT_DAY,
    open: weekday !== 1,
    ...changes[weekday],
  })) as WeekHours;
}

/** The booking rules with NO_FAIR_USE_LIMITS and the shipped horizon. */
export const UNLIMITED_RULES: BookingRules = {
  guestDaysAhead: 60,
  allowOverlap: true,
  maxUpcoming: 0,
  maxPerDate: 0,
  maxCoversPerSeating: 0,
};

export interface Restaurant {
  server: TestServer;
  admin: TestClient;
  /** Signed-in guests (guest2@example.com, guest3@..., the admin being client 1). */
  guests: TestClient[];
  /** Another signed-in guest, on an address of its own. */
  newGuest(): Promise<TestClient>;
  stop(): Promise<void>;
}

/**
 * A running restaurant: the shipped config, the admin signed in, `guests` guests signed up. The fair-use
 * limits are off unless `env` sets them (tests about them set the booking rules themselves).
 */
export async function openRestaurant(
  options: TestServerOptions & { guests?: number; addressBase?: number } = {},
): Promise<Restaurant> {
  const { guests: guestCount = 2, addressBase = 1, env, ...rest } = options;
  const server = await startTestServer({
    ...rest,
    env: { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS, ...env },
  });
  let address = 0;
  const client = () => {
    address += 1;
    return new TestClient(server.url, {}, `127.0.${addressBase}.${address}`);
  };
  const newGuest = async () => {
    const guest = client();
    const email = `guest${address}@example.com`;
    const answer = await guest.signUp(email, `${email}-password`);
    if (answer.status !== 200) throw new Error(`sign-up of ${email} answered ${answer.status}`);
    return guest;
  };
  try {
    const admin = client();
    const signedIn = await admin.signIn(OWNER.email, OWNER.password);
    if (signedIn.status !== 200) throw new Error(`the admin's sign-in answered ${signedIn.status}`);
    const guests: TestClient[] = [];
    for (let i = 0; i < guestCount; i++) guests.push(await newGuest());
    return { server, admin, guests, newGuest, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * A restaurant for the tests of the describe block this is called in: opened before them (then `onOpen`, the
 * block's own setup, is given it), and stopped after them.
 */
export function openRestaurantForBlock(
  options: Parameters<typeof openRestaurant>[0],
  onOpen: (restaurant: Restaurant) => void | Promise<void>,
): void {
  let restaurant: Restaurant | undefined;
  beforeAll(async () => {
    restaurant = await openRestaurant(options);
    await onOpen(restaurant);
  });
  afterAll(async () => {
    await restaurant?.stop();
  });
}

/** The settings as GET /api/settings answers them (read fresh from the database). */
export async function readSettings(admin: TestClient) {
  const answer = await admin.api.settings.$get();
  if (answer.status !== 200) throw new Error(`GET /api/settings answered ${answer.status}`);
  return answer.body;
}

export const SLOT_TAKEN = 'That time slot has been booked. Please refresh the page.';

export const availableTimes = async (
  client: TestClient,
  date: string,
  partySize = 2,
  seatType: 'table' | 'counter' = 'table',
) => {
  const answer = await client.api.availability.$get({ query: { date, partySize: String(partySize), seatType } });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The admin books these tables at `startTime` on `date`, one party of 2 (or 1 at the counter) each. */
export async function holdTables(
  admin: TestClient,
  date: string,
  tableIds: string[],
  { startTime = 1700, seatType = 'table' }: { startTime?: number; seatType?: 'table' | 'counter' } = {},
) {
  for (const id of tableIds) {
    const answer = await admin.api.reservations.$post({
      json: bookingBody({
        reservationDate: date,
        startTime,
        seatType,
        partySize: seatType === 'counter' ? 1 : 2,
        tableIds: [id],
        name: `Hold ${id}`,
      }),
    });
    expect(answer.status, `holding table ${id}: ${JSON.stringify(answer.body)}`).toBe(201);
  }
}

export const floorTableIds = async (admin: TestClient) =>
  ((await admin.api.tables.$get()).body.tables as { id: string; location: string }[])
    .filter((table) => table.location === 'floor')
    .map((table) => table.id);
