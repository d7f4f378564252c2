import fc from 'fast-check';
import { Agent, fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import {
  openRestaurantForBlock,
  readSettings,
  UNLIMITED_RULES,
  weeklyHours,
  type Restaurant,
} from '../support/owner-settings';
import { FIXED_NOW } from '../support/reservation-factory';

// Hostile input to the owner's settings (issue 16): every field of every endpoint, broken every way we could
// think of, as the admin. Each gets a 4xx whose message names the field, and nothing is written: the settings,
// their version and their history read the same after as before. Then random bodies: never a 5xx.

type Method = 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** A body as sent: JSON of a value, or exactly these bytes with this content type (none: no header). */
type Body = { json: unknown } | { raw: string; contentType?: string } | undefined;

interface Case {
  method: Method;
  path: string;
  body: Body;
  /** The refusal's message: exactly this text, or matching this pattern. */
  message: string | RegExp;
  status?: number;
}

const validDetails = {
  name: 'Umi',
  phone: '(555) 010-0199',
  address: '1 Pier Road, Springfield',
  links: [{ label: 'Instagram', url: 'https://www.instagram.com/umi' }],
};
const validClosure = { firstDate: '2026-12-24', lastDate: '2026-12-24', note: 'Christmas Eve' };
const validTable = { location: 'floor', numSeats: 4, isReservable: true };

const TEXT_BREAKS = ['\n', '\r', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029'];
const withField = (base: object, field: string, value: unknown) => ({ json: { ...base, [field]: value } });
const without = (base: object, field: string) => {
  const { [field]: _dropped, ...rest } = base as Record<string, unknown>;
  return { json: rest };
};

/** The cases of one field: each value, sent in place of the field's valid one, must be refused with `message`. */
function fieldCases(
  method: Method,
  path: string,
  base: object,
  field: string,
  values: unknown[],
  message: string | RegExp,
  options: { required?: boolean } = {},
): Case[] {
  return [
    ...values.map((value) => ({ method, path, body: withField(base, field, value), message })),
    ...(options.required === false ? [] : [{ method, path, body: without(base, field), message }]),
  ];
}

/** Cases that any JSON endpoint must refuse without naming a field (there is none): not an object, not JSON. */
function bodyCases(method: Method, path: string): Case[] {
  const anyMessage = /\S/;
  return [
    ...[[], [validDetails], 'text', 42, null, true].map((json) => ({
      method,
      path,
      body: { json },
      message: anyMessage,
    })),
    { method, path, body: { raw: '{"name": "Umi",', contentType: 'application/json' }, message: anyMessage },
    { method, path, body: { raw: 'name=Umi', contentType: 'application/x-www-form-urlencoded' }, message: anyMessage },
    { method, path, body: { raw: '', contentType: 'application/json' }, message: anyMessage },
    { method, path, body: undefined, message: anyMessage },
    // Far larger than any settings request: refused before it is read.
    { method, path, body: { json: { note: 'x'.repeat(100_000) } }, message: 'The request is too large.', status: 413 },
  ];
}

const unknownKey = (method: Method, path: string, base: object, key: string): Case => ({
  method,
  path,
  body: withField(base, key, 'x'),
  message: `Unrecognized key: "${key}"`,
});

// --- PUT /api/settings/details ------------------------------------------------------------------------------
const DETAILS = '/api/settings/details';
const detailsCases: Case[] = [
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'name',
    ['', '   ', 42, null, ['Umi'], {}],
    'Restaurant name is required',
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'name',
    ['x'.repeat(81), 'x'.repeat(5000)],
    'Restaurant name must be at most 80 characters',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'name',
    TEXT_BREAKS.map((c) => `Umi${c}Sushi`),
    'Restaurant name must be one line of text',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'phone',
    ['', 'call us', '555', '1'.repeat(21), '555\n0100199', '+1 555 010 0199 ext 4', 5550100199, null],
    'Phone must be a phone number such as (555) 010-0199',
  ),
  ...fieldCases('PUT', DETAILS, validDetails, 'address', ['', '  ', 7, null], 'Address is required'),
  ...fieldCases('PUT', DETAILS, validDetails, 'address', ['x'.repeat(201)], 'Address must be at most 200 characters', {
    required: false,
  }),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'address',
    TEXT_BREAKS.map((c) => `1 Pier Road${c}Springfield`),
    'Address must be one line of text',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [{}, 'https://www.instagram.com/umi', null, 3],
    'Links must be a list',
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [Array.from({ length: 9 }, () => validDetails.links[0])],
    'At most 8 links',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [['https://www.instagram.com/umi'], [null], [[]]],
    'A link must be an object of label and url',
    {
      required: false,
    },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [
      [{ url: 'https://x.example' }],
      [{ label: '', url: 'https://x.example' }],
      [{ label: 3, url: 'https://x.example' }],
    ],
    'A link’s name is required',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [[{ label: 'x'.repeat(41), url: 'https://x.example' }]],
    'A link’s name must be at most 40 characters',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [[{ label: 'Insta\ngram', url: 'https://x.example' }]],
    'A link’s name must be one line of text',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [
      [{ label: 'IG' }],
      [{ label: 'IG', url: 'javascript:alert(1)' }],
      [{ label: 'IG', url: 'ftp://files.example' }],
      [{ label: 'IG', url: 'instagram' }],
      [{ label: 'IG', url: 42 }],
      [{ label: 'IG', url: 'https://exa mple.com' }],
    ],
    'A link’s address must be a web address such as https://www.instagram.com/umi',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [[{ label: 'IG', url: `https://x.example/${'x'.repeat(300)}` }]],
    'A link’s address must be at most 300 characters',
    { required: false },
  ),
  ...fieldCases(
    'PUT',
    DETAILS,
    validDetails,
    'links',
    [[{ label: 'IG', url: 'https://x.example', rel: 'me' }]],
    'A link: unrecognized key "rel"',
    { required: false },
  ),
  // U+0000 is refused at the door for every endpoint (PostgreSQL text cannot hold it), before a field is read.
  ...fieldCases('PUT', DETAILS, validDetails, 'name', ['Umi\u0000'], 'Invalid request', { required: false }),
  unknownKey('PUT', DETAILS, validDetails, 'timeZone'),
  unknownKey('PUT', DETAILS, validDetails, '__proto__x'),
  ...bodyCases('PUT', DETAILS),
];

// --- PUT /api/settings/hours --------------------------------------------------------------------------------
const HOURS = '/api/settings/hours';
const week = weeklyHours();
/** The week with Tuesday's hours changed (or replaced outright). */
const tuesday = (changes: unknown) => ({
  json: {
    hours: week.map((day, weekday) =>
      weekday !== 2
        ? day
        : typeof changes === 'object' && changes !== null && !Array.isArray(changes)
          ? { ...day, ...changes }
          : changes,
    ),
  },
});
const tuesdayWithout = (field: string) => ({
  json: { hours: week.map((day, weekday) => (weekday !== 2 ? day : without(day as never, field).json)) },
});
const hoursCase = (body: Body, message: string | RegExp): Case => ({ method: 'PUT', path: HOURS, body, message });
const hoursCases: Case[] = [
  ...[undefined, {}, 'Tuesday', null, week.slice(0, 6), [...week, week[0]], []].map((hours) =>
    hoursCase({ json: hours === undefined ? {} : { hours } }, 'Hours must list the seven weekdays, Sunday first'),
  ),
  ...['closed', null, [], 5].map((day) =>
    hoursCase(tuesday(day), 'Tuesday must be an object of open, first, last and everyMinutes'),
  ),
  ...['yes', 1, null].map((open) => hoursCase(tuesday({ open }), 'Tuesday: open must be yes or no')),
  hoursCase(tuesdayWithout('open'), 'Tuesday: open must be yes or no'),
  ...['5pm', '24:00', '17:00:00', '7:00', '', 1700, null].map((first) =>
    hoursCase(tuesday({ first }), 'Tuesday: the first seating must be a time like 17:00'),
  ),
  hoursCase(tuesdayWithout('first'), 'Tuesday: the first seating must be a time like 17:00'),
  ...['17:15', '17:45', '17:01'].map((first) =>
    hoursCase(
      tuesday({ first }),
      'Tuesday: the first seating must fall on the 30-minute grid (seatings start on the hour or half hour)',
    ),
  ),
  ...['9pm', '25:00', 2030, null].map((last) =>
    hoursCase(tuesday({ last }), 'Tuesday: the last seating must be a time like 17:00'),
  ),
  hoursCase(tuesdayWithout('last'), 'Tuesday: the last seating must be a time like 17:00'),
  ...['23:00', '23:30', '22:31'].map((last) =>
    hoursCase(tuesday({ last }), 'Tuesday: the last seating must start by 22:30, so that dinner ends by midnight'),
  ),
  hoursCase(
    tuesday({ first: '18:00', last: '17:30' }),
    'Tuesday: the last seating must not be before the first seating',
  ),
  ...[0, -30, 241, 30.5, '30', null, 1e9].map((everyMinutes) =>
    hoursCase(tuesday({ everyMinutes }), 'Tuesday: the interval must be a whole number of minutes from 30 to 240'),
  ),
  hoursCase(tuesdayWithout('everyMinutes'), 'Tuesday: the interval must be a whole number of minutes from 30 to 240'),
  ...[15, 45, 50].map((everyMinutes) =>
    hoursCase(
      tuesday({ everyMinutes }),
      'Tuesday: the interval must fall on the 30-minute grid (seatings start on the hour or half hour)',
    ),
  ),
  // A closed day's times still have to be times the guard can hold (the owner may open it again).
  hoursCase(tuesday({ open: false, first: '17:10' }), /^Tuesday: the first seating/),
  hoursCase(tuesday({ note: 'Happy hour' }), 'Tuesday: unrecognized key "note"'),
  ...['yes', 1, null].map((confirm) => hoursCase({ json: { hours: week, confirm } }, 'Confirm must be yes or no')),
  unknownKey('PUT', HOURS, { hours: week }, 'timeZone'),
  ...bodyCases('PUT', HOURS),
];

// --- PUT /api/settings/rules --------------------------------------------------------------------------------
const RULES = '/api/settings/rules';
const rulesCases: Case[] = [
  ...fieldCases(
    'PUT',
    RULES,
    UNLIMITED_RULES,
    'guestDaysAhead',
    [0, -1, 731, 60.5, '60', null, true, [60], 1e100],
    'How far ahead guests can book (days) must be a whole number from 1 to 730',
  ),
  ...fieldCases(
    'PUT',
    RULES,
    UNLIMITED_RULES,
    'allowOverlap',
    ['true', 1, 0, null, 'no'],
    'Overlapping reservations of one guest must be yes or no',
  ),
  ...fieldCases(
    'PUT',
    RULES,
    UNLIMITED_RULES,
    'maxUpcoming',
    [-1, 101, 2.5, '4', null, false],
    'Upcoming reservations per guest must be a whole number from 0 to 100',
  ),
  ...fieldCases(
    'PUT',
    RULES,
    UNLIMITED_RULES,
    'maxPerDate',
    [-1, 21, 0.1, '1', null, {}],
    'Reservations per guest per date must be a whole number from 0 to 20',
  ),
  ...fieldCases(
    'PUT',
    RULES,
    UNLIMITED_RULES,
    'maxCoversPerSeating',
    [-1, 1001, 12.5, '12', null, []],
    'Guests per seating must be a whole number from 0 to 1000',
  ),
  unknownKey('PUT', RULES, UNLIMITED_RULES, 'bookingRatePerAccount'),
  ...bodyCases('PUT', RULES),
];

// --- POST /api/settings/tables, PATCH and DELETE /api/settings/tables/:id ------------------------------------
const TABLES = '/api/settings/tables';
const SEATS = 'Seats must be a whole number from 1 to 20';
const BOOKABLE = 'Bookable online must be yes or no';
const PLACE = 'Place in the floor order must be a whole number from 1 to 999';
const seatValues = [0, -2, 21, 2.5, '4', null, true];
const bookableValues = ['yes', 1, null, 'true'];
const placeValues = [0, -1, 1000, 1.5, '3', null, false];
const tableCases: Case[] = [
  ...fieldCases(
    'POST',
    TABLES,
    validTable,
    'location',
    ['patio', 'Floor', 'COUNTER', '', 1, null],
    'Location must be floor or counter',
  ),
  ...fieldCases('POST', TABLES, validTable, 'numSeats', seatValues, SEATS),
  ...fieldCases('POST', TABLES, validTable, 'isReservable', bookableValues, BOOKABLE),
  ...fieldCases('POST', TABLES, validTable, 'position', placeValues, PLACE, { required: false }),
  // A place a table in use already has; counter seats have places of their own.
  {
    method: 'POST',
    path: TABLES,
    body: withField(validTable, 'position', 3),
    message: 'Place in the floor order 3 is taken by table 3',
  },
  {
    method: 'POST',
    path: TABLES,
    body: { json: { ...validTable, location: 'counter', numSeats: 1, position: 5 } },
    message: 'Place in the floor order 5 is taken by counter seat C5',
  },
  // The server numbers a table; nobody retires one by adding it.
  unknownKey('POST', TABLES, validTable, 'id'),
  unknownKey('POST', TABLES, validTable, 'retiredAt'),
  ...bodyCases('POST', TABLES),

  ...fieldCases('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'numSeats', seatValues, SEATS, { required: false }),
  ...fieldCases('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'isReservable', bookableValues, BOOKABLE, { required: false }),
  ...fieldCases('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'position', placeValues, PLACE, { required: false }),
  {
    method: 'PATCH',
    path: `${TABLES}/3`,
    body: { json: { position: 4 } },
    message: 'Place in the floor order 4 is taken by table 4',
  },
  {
    method: 'PATCH',
    path: `${TABLES}/C3`,
    body: { json: { position: 4 } },
    message: 'Place in the floor order 4 is taken by counter seat C4',
  },
  { method: 'PATCH', path: `${TABLES}/3`, body: { json: {} }, message: 'Nothing to change' },
  // A table stays where it is: the floor or the counter.
  unknownKey('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'location'),
  unknownKey('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'id'),
  unknownKey('PATCH', `${TABLES}/3`, { numSeats: 4 }, 'retiredAt'),
  ...bodyCases('PATCH', `${TABLES}/3`),
  {
    method: 'PATCH',
    path: `${TABLES}/99`,
    body: { json: { numSeats: 4 } },
    message: 'There is no table or counter seat 99',
    status: 404,
  },
  {
    method: 'PATCH',
    path: `${TABLES}/C99`,
    body: { json: { numSeats: 1 } },
    message: 'There is no table or counter seat C99',
    status: 404,
  },
  {
    method: 'DELETE',
    path: `${TABLES}/99`,
    body: undefined,
    message: 'There is no table or counter seat 99',
    status: 404,
  },
  { method: 'DELETE', path: `${TABLES}/${'9'.repeat(11)}`, body: undefined, message: /\S/ },
  { method: 'DELETE', path: `${TABLES}/%00`, body: undefined, message: /\S/ },
  { method: 'DELETE', path: `${TABLES}/..%2F3`, body: undefined, message: /\S/ },
];

// --- POST /api/settings/closures, DELETE /api/settings/closures/:id ------------------------------------------
const CLOSURES = '/api/settings/closures';
const badDates = ['2026-02-30', '2026-13-01', '24/12/2026', '2026-12-24T00:00:00Z', '', 20261224, null, ['2026-12-24']];
const closureCases: Case[] = [
  ...fieldCases('POST', CLOSURES, validClosure, 'firstDate', badDates, 'First date must be a date like 2026-12-24'),
  ...fieldCases('POST', CLOSURES, validClosure, 'lastDate', badDates, 'Last date must be a date like 2026-12-24'),
  {
    method: 'POST',
    path: CLOSURES,
    body: { json: { ...validClosure, lastDate: '2026-12-23' } },
    message: 'Last date must not be before the first date',
  },
  {
    method: 'POST',
    path: CLOSURES,
    body: { json: { ...validClosure, lastDate: '2027-12-25' } },
    message: 'A closure can be at most 366 days long',
  },
  {
    method: 'POST',
    path: CLOSURES,
    body: { json: { ...validClosure, firstDate: '2026-11-01', lastDate: '2026-11-21' } },
    message: 'Last date has already passed',
  },
  ...fieldCases('POST', CLOSURES, validClosure, 'note', [42, true, ['Closed'], {}], 'Note must be text', {
    required: false,
  }),
  ...fieldCases('POST', CLOSURES, validClosure, 'note', ['x'.repeat(121)], 'Note must be at most 120 characters', {
    required: false,
  }),
  ...fieldCases(
    'POST',
    CLOSURES,
    validClosure,
    'note',
    TEXT_BREAKS.map((c) => `Closed${c}for a party`),
    'Note must be one line of text',
    { required: false },
  ),
  ...fieldCases('POST', CLOSURES, validClosure, 'confirm', ['yes', 1, null], 'Confirm must be yes or no', {
    required: false,
  }),
  ...fieldCases('POST', CLOSURES, validClosure, 'note', ['Closed\u0000'], 'Invalid request', { required: false }),
  unknownKey('POST', CLOSURES, validClosure, 'id'),
  ...bodyCases('POST', CLOSURES),
  {
    method: 'DELETE',
    path: `${CLOSURES}/no-such-closure`,
    body: undefined,
    message: 'That closure does not exist',
    status: 404,
  },
  { method: 'DELETE', path: `${CLOSURES}/${'x'.repeat(101)}`, body: undefined, message: /\S/ },
];

const CASES = [...detailsCases, ...hoursCases, ...rulesCases, ...tableCases, ...closureCases];

const ADMIN_ADDRESS = '127.0.4.1';

describe("hostile input to the owner's settings", () => {
  let restaurant: Restaurant;
  let admin: TestClient;
  /** The settings as the first start wrote them: the random bodies and the callers who are not the admin leave them so. */
  let before: Awaited<ReturnType<typeof readSettings>>;

  openRestaurantForBlock({ now: () => FIXED_NOW, addressBase: 4, guests: 1 }, async (opened) => {
    restaurant = opened;
    ({ admin } = opened);
    before = await readSettings(admin);
  });

  /** Sends exactly this body, on a connection of its own (a refused large body may close it). */
  async function send(client: TestClient, method: string, path: string, body: Body) {
    const connection = new Agent({ localAddress: client === admin ? ADMIN_ADDRESS : undefined });
    try {
      const [text, contentType] =
        body === undefined
          ? [undefined, undefined]
          : 'json' in body
            ? [JSON.stringify(body.json), 'application/json']
            : [body.raw, body.contentType];
      const response = await fetch(`${restaurant.server.url}${path}`, {
        method,
        dispatcher: connection,
        headers: {
          origin: restaurant.server.url,
          cookie: client.cookieHeader(),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        body: text,
      });
      const answer = await response.text();
      let json: any;
      try {
        json = JSON.parse(answer);
      } catch {
        json = undefined;
      }
      return { status: response.status, text: answer, json, contentType: response.headers.get('content-type') ?? '' };
    } finally {
      await connection.destroy();
    }
  }

  function expectRefusal(answer: Awaited<ReturnType<typeof send>>, status?: number) {
    expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    if (status) expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).toEqual({ error: { message: expect.stringMatching(/\S/), code: expect.stringMatching(/\S/) } });
  }

  const describeBody = (body: Body) =>
    body === undefined
      ? 'no body'
      : 'json' in body
        ? JSON.stringify(body.json).slice(0, 120)
        : `raw ${body.raw.slice(0, 40)}`;

  it.each(CASES.map((c) => [`${c.method} ${c.path} ${describeBody(c.body)}`, c] as const))(
    'refuses %s, naming the field, and writes nothing',
    async (_label, { method, path, body, message, status }) => {
      // Compared with the settings just before, so that a case that wrote shows alone.
      const before = await readSettings(admin);
      const answer = await send(admin, method, path, body);
      expectRefusal(
        answer,
        status ?? (typeof message === 'string' && message.startsWith('There is') ? 404 : undefined),
      );
      if (typeof message === 'string') expect(answer.json.error.message).toBe(message);
      else expect(answer.json.error.message).toMatch(message);
      expect(await readSettings(admin)).toEqual(before);
    },
  );

  it('tells a guest and a stranger nothing about a body before who they are: 403 and 401, whatever is sent', async () => {
    const guest = restaurant.guests[0]!;
    const stranger = restaurant.server.url;
    for (const { method, path, body } of CASES) {
      const text = body === undefined ? '' : 'json' in body ? JSON.stringify(body.json) : body.raw;
      const asGuest = await send(guest, method, path, body);
      // Two checks come before anyone is asked who they are, for every endpoint alike: a body over 64 KB, and
      // U+0000 anywhere in the request (PostgreSQL text cannot hold it).
      if (text.length > 64 * 1024) {
        expect(asGuest.status, `${method} ${path}`).toBe(413);
        continue;
      }
      if (text.includes('\\u0000') || path.includes('%00')) {
        expect([asGuest.status, asGuest.json?.error?.message], `${method} ${path}`).toEqual([400, 'Invalid request']);
        continue;
      }
      expect([asGuest.status, asGuest.json?.error?.message], `${method} ${path} ${text.slice(0, 80)}`).toEqual([
        403,
        'Access Denied: Admin privileges required',
      ]);
      const anonymous = await fetch(`${stranger}${path}`, {
        method,
        headers: { origin: stranger, ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : text,
      });
      expect(anonymous.status, `${method} ${path} ${text.slice(0, 80)}`).toBe(401);
    }
    expect(await readSettings(admin)).toEqual(before);
  });

  it('answers random bodies on every settings endpoint without a 5xx, and writes nothing', async () => {
    const endpoint = fc.constantFrom<[Method, string]>(
      ['PUT', DETAILS],
      ['PUT', HOURS],
      ['PUT', RULES],
      ['POST', TABLES],
      ['PATCH', `${TABLES}/3`],
      ['POST', CLOSURES],
    );
    // Random JSON, or a valid body with one random key added (never a valid body: the schemas are strict).
    const valid: Record<string, object> = {
      [DETAILS]: validDetails,
      [HOURS]: { hours: week },
      [RULES]: UNLIMITED_RULES,
      [TABLES]: validTable,
      [`${TABLES}/3`]: { numSeats: 4 },
      [CLOSURES]: validClosure,
    };
    const request = endpoint.chain(([method, path]) =>
      fc
        .oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc
            .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
            .map(([key, value]) => ({ ...valid[path], [`x-${key}`]: value })),
        )
        .map((json) => ({ method, path, json })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, json }) => {
        const answer = await send(admin, method, path, { json });
        expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
        if (answer.status >= 400) expectRefusal(answer);
        expect(await readSettings(admin)).toEqual(before);
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 100) },
    );
  });
});
