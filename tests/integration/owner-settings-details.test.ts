import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../src/server/http/spa';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../src/shared/public-config';
import { TestClient } from '../support/http-client';
import { waitForEmail } from '../support/outbox';
import {
  openRestaurant,
  openRestaurantForBlock,
  readSettings,
  weeklyHours,
  type Restaurant,
  UNLIMITED_RULES,
} from '../support/owner-settings';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's details over real HTTP (the page, its config, the emails), the settings as GET answers them, the
// history of changes, and a change to the values already set.

describe("the restaurant's details: the page, its config and the emails say them", () => {
  let restaurant: Restaurant;
  let clientDir: string;

  beforeAll(async () => {
    // A built client of one page, as spa-routes.test.ts serves it: index.html with the config's placeholder.
    clientDir = mkdtempSync(join(tmpdir(), 'settings-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(
      join(clientDir, 'index.html'),
      `<!doctype html><html><head>${PUBLIC_CONFIG_PLACEHOLDER}</head></html>`,
    );
    restaurant = await openRestaurant({ now: () => FIXED_NOW, clientDir });
  });
  afterAll(async () => {
    await restaurant?.stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** The config embedded in index.html, as the page reads it at start. */
  async function pageConfig(client: TestClient) {
    const page = await client.get('/');
    expect(page.status).toBe(200);
    const html = page.body as unknown as string;
    const match = new RegExp(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
      html,
    );
    expect(match, html).not.toBeNull();
    return { html, config: JSON.parse(match![1]!) as Record<string, unknown> };
  }

  const details = {
    name: 'Umi <Omakase> & Bar',
    phone: '(555) 123-4567',
    address: '9 Ocean Avenue, Springfield, CA 90001',
    links: [{ label: 'Instagram', url: 'https://www.instagram.com/umi' }],
  };

  it('shows new details at once in /api/public-config and in index.html', async () => {
    const { admin } = restaurant;
    const visitor = new TestClient(restaurant.server.url);
    const answer = await admin.api.settings.details.$put({ json: details });
    expect(answer.status).toBe(200);
    expect(answer.body.details).toEqual(details);

    const expected = {
      restaurantName: details.name,
      phone: details.phone,
      address: details.address,
      // Each link with the logo the footer draws for it, picked here so the page carries no code for it.
      links: [{ ...details.links[0], icon: 'instagram' }],
    };
    expect((await visitor.api['public-config'].$get()).body).toMatchObject(expected);
    const { html, config } = await pageConfig(visitor);
    expect(config).toMatchObject(expected);
    // The name is data, never markup in the page.
    expect(html).not.toContain('<Omakase>');
  });

  it('signs the emails with the new details, and gives the new phone to a party too large to book', async () => {
    const { server } = restaurant;
    const newcomer = await restaurant.newGuest();
    const email = await waitForEmail(server.config.mail.outboxDir, (await newcomer.session())!.email, /Confirm/);
    expect(email.subject).toBe(`Confirm your email for ${details.name}`);
    expect(email.text).toContain(details.name);
    expect(email.text).toContain(details.address);
    expect(email.text).toContain(details.phone);
    expect(email.html).toContain('Umi &lt;Omakase&gt; &amp; Bar');
    // The sender is the restaurant by its new name.
    const raw = readFileSync(join(server.config.mail.outboxDir, email.file), 'utf8');
    expect(raw).toMatch(/^From: "Umi <Omakase> & Bar" <reservations@localhost>$/m);

    const tooMany = await newcomer.api.reservations.$post({ json: bookingBody({ partySize: 7 }) });
    expect(tooMany.body.error.message).toBe('For parties of 7 or more, please call us at (555) 123-4567.');
  });

  it('writes nothing for the same details again', async () => {
    const { admin } = restaurant;
    const before = await readSettings(admin);
    const same = await admin.api.settings.details.$put({ json: { ...details, name: `  ${details.name}  ` } });
    expect(same.status).toBe(200);
    expect(await readSettings(admin)).toEqual(before);
  });
});

describe('GET /api/settings and the history of changes', () => {
  let restaurant: Restaurant;
  openRestaurantForBlock({ now: () => FIXED_NOW }, (opened) => {
    restaurant = opened;
  });

  it('answers everything the owner sets, as shipped on the first start', async () => {
    const settings = await readSettings(restaurant.admin);
    expect(settings).toEqual({
      version: 1,
      details: {
        name: expect.any(String),
        phone: expect.any(String),
        address: '123 Harbor Street, Springfield, CA 90000',
        links: [
          { label: 'Instagram', url: 'https://www.instagram.com/' },
          { label: 'Yelp', url: 'https://www.yelp.com/' },
        ],
      },
      hours: weeklyHours(),
      rules: UNLIMITED_RULES,
      tables: expect.any(Array),
      closures: [],
      trustedNetworks: [],
      history: [],
    });
    expect(settings.tables).toHaveLength(20);
    expect(settings.tables).toContainEqual({
      id: '7',
      numSeats: 2,
      location: 'floor',
      isReservable: false,
      position: 7,
      retiredAt: null,
    });
    expect(settings.tables).toContainEqual({
      id: 'C12',
      numSeats: 1,
      location: 'counter',
      isReservable: false,
      position: 12,
      retiredAt: null,
    });
  });

  it('records who changed what, newest first, and GET answers the changes', async () => {
    const { admin } = restaurant;
    expect(
      (await admin.api.settings.tables.$post({ json: { location: 'floor', numSeats: 4, isReservable: true } })).status,
    ).toBe(201);
    expect(
      (
        await admin.api.settings.tables[':id'].$patch({
          param: { id: '9' },
          json: { numSeats: 6, isReservable: false },
        })
      ).status,
    ).toBe(200);
    expect((await admin.api.settings.tables[':id'].$delete({ param: { id: 'C12' } })).status).toBe(200);
    expect(
      (
        await admin.api.settings.hours.$put({
          json: { hours: weeklyHours({ 0: { last: '21:00' }, 1: { open: true } }) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.api.settings.rules.$put({
          json: { ...UNLIMITED_RULES, guestDaysAhead: 30, maxCoversPerSeating: 20 },
        })
      ).status,
    ).toBe(200);
    const closure = await admin.api.settings.closures.$post({
      json: { firstDate: '2026-12-24', lastDate: '2026-12-26', note: 'Closed for the holidays' },
    });
    expect(closure.status).toBe(201);
    expect((await admin.api.settings.closures[':id'].$delete({ param: { id: closure.body.closure.id } })).status).toBe(
      200,
    );
    expect(
      (await admin.api.settings.closures.$post({ json: { firstDate: '2027-01-01', lastDate: '2027-01-01' } })).status,
    ).toBe(201);
    const current = await readSettings(admin);
    expect(
      (await admin.api.settings.details.$put({ json: { ...current.details, name: 'Umi', phone: '555 010 0100' } }))
        .status,
    ).toBe(200);

    const settings = await readSettings(admin);
    expect(settings.version).toBe(10);
    const by = { actorEmail: 'owner@example.com', changedAt: FIXED_NOW.toISOString() };
    expect(settings.history).toEqual([
      { ...by, area: 'details', summary: 'Details: name “Umi”; phone 555 010 0100' },
      { ...by, area: 'closures', summary: 'Closed January 1, 2027' },
      { ...by, area: 'closures', summary: 'Reopened December 24, 2026 to December 26, 2026' },
      { ...by, area: 'closures', summary: 'Closed December 24, 2026 to December 26, 2026 (“Closed for the holidays”)' },
      {
        ...by,
        area: 'rules',
        summary:
          'Booking rules: guests book up to 30 days ahead (was: guests book up to 60 days ahead); at most 20 guests per seating (was: no cap on guests per seating)',
      },
      {
        ...by,
        area: 'hours',
        summary: 'Hours: Sunday 5:00 PM–9:00 PM every 30 min; Monday 5:00 PM–8:30 PM every 30 min',
      },
      { ...by, area: 'tables', summary: 'Retired counter seat C12' },
      { ...by, area: 'tables', summary: 'Table 9: seats 4 → 6, not bookable online' },
      { ...by, area: 'tables', summary: 'Added table 9 (4 seats, bookable online, place 9)' },
    ]);
    expect(settings.tables).toContainEqual({
      id: '9',
      numSeats: 6,
      location: 'floor',
      isReservable: false,
      position: 9,
      retiredAt: null,
    });
    expect(settings.tables.find((table) => table.id === 'C12')?.retiredAt).toEqual(expect.any(String));
    expect(settings.hours[0]?.last).toBe('21:00');
    expect(settings.rules).toEqual({ ...UNLIMITED_RULES, guestDaysAhead: 30, maxCoversPerSeating: 20 });
    expect(settings.closures).toEqual([
      { id: expect.any(String), firstDate: '2027-01-01', lastDate: '2027-01-01', note: null },
    ]);
    expect(settings.details).toMatchObject({ name: 'Umi', phone: '555 010 0100' });
  });
});

describe('a change to the values already set', () => {
  it('writes nothing: no new version, no line of history', async () => {
    const restaurant = await openRestaurant({ now: () => FIXED_NOW });
    try {
      const { admin } = restaurant;
      const before = await readSettings(admin);
      const table8 = before.tables.find((table) => table.id === '8')!;
      const same = await admin.api.settings.tables[':id'].$patch({
        param: { id: '8' },
        json: { numSeats: table8.numSeats, isReservable: table8.isReservable, position: table8.position },
      });
      expect(same.status).toBe(200);
      expect(same.body.table).toEqual({ id: '8', numSeats: 4, location: 'floor', isReservable: false, position: 8 });
      expect((await admin.api.settings.hours.$put({ json: { hours: weeklyHours() } })).status).toBe(200);
      expect((await admin.api.settings.rules.$put({ json: before.rules })).status).toBe(200);
      expect((await admin.api.settings.details.$put({ json: before.details })).status).toBe(200);
      expect(await readSettings(admin)).toEqual(before);
    } finally {
      await restaurant.stop();
    }
  });
});
