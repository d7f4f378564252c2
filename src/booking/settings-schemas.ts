import { z } from 'zod';
import { isOneLine, oneLineText } from '../shared/one-line-text';
import { TABLE_LOCATIONS } from '../shared/seat-types';
import { isIsoDate } from './calendar';
import { isNetworkText } from './network-text';
import { seatingRuleBreaks, SEATINGS_FIELD_LABELS } from './seating-rules';
import { WEEKDAY_NAMES } from './weekdays';

// The owner's settings as the admin's forms send them, written once: the forms' checks and the
// server's validator use these schemas. Every message names its field, so a refusal says what to fix.

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const wholeNumber = (label: string, min: number, max: number) => {
  const rule = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: rule }).int(rule).min(min, rule).max(max, rule);
};

const flag = (label: string) => z.boolean({ error: `${label} must be yes or no` });

/**
 * An object's own refusals (not an object at all; a key it does not know), naming it: the default messages say
 * "expected object" and "Unrecognized key" without saying whose. Its fields' refusals are their own.
 */
const objectErrors =
  (name: string, shape: string) =>
  (issue: { code?: string; keys?: readonly string[] }): string | undefined => {
    if (issue.code === 'unrecognized_keys')
      return `${name}: unrecognized key ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}`;
    if (issue.code === 'invalid_type') return `${name} must be ${shape}`;
    return undefined;
  };

/** Sent with a change the server asked to confirm (it would touch reservations). */
const confirmFlag = flag('Confirm').optional();

/** One line of text, by the same rule as names (shared/one-line-text.ts); its messages name the field. */
const line = (label: string, max: number) =>
  oneLineText(max, {
    required: `${label} is required`,
    tooLong: `${label} must be at most ${max} characters`,
    notOneLine: `${label} must be one line of text`,
  });

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-12-24` })
    .refine(isIsoDate, `${label} must be a date like 2026-12-24`);

// --- Hours -----------------------------------------------------------------------------------------------------

/** One weekday's hours, its messages naming the day ("Tuesday: the last seating must ..."). */
const dayHoursSchema = (weekday: number) => {
  const day = WEEKDAY_NAMES[weekday] ?? 'This day';
  const clock = (label: string) =>
    z
      .string({ error: `${day}: the ${label} must be a time like 17:00` })
      .regex(CLOCK, `${day}: the ${label} must be a time like 17:00`);
  const interval = `${day}: the interval must be a whole number of minutes from 30 to 240`;
  return z
    .object(
      {
        open: flag(`${day}: open`),
        first: clock('first seating'),
        last: clock('last seating'),
        everyMinutes: z.number({ error: interval }).int(interval).min(1, interval).max(240, interval),
      },
      { error: objectErrors(day, 'an object of open, first, last and everyMinutes') },
    )
    .strict()
    .superRefine((hours, ctx) => {
      for (const { field, rule } of seatingRuleBreaks(hours)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${day}: ${SEATINGS_FIELD_LABELS[field]} ${rule}` });
      }
    });
};

/**
 * The seven weekdays' hours, Sunday first. Only seatings the double-booking guard holds exactly can be saved:
 * on the 30-minute grid, and over by midnight (src/booking/seatings.ts).
 */
export const hoursSchema = z
  .object({
    hours: z.tuple(
      [
        dayHoursSchema(0),
        dayHoursSchema(1),
        dayHoursSchema(2),
        dayHoursSchema(3),
        dayHoursSchema(4),
        dayHoursSchema(5),
        dayHoursSchema(6),
      ],
      { error: 'Hours must list the seven weekdays, Sunday first' },
    ),
    /** Saving although reservations would fall outside the new hours (they stay; the owner moves them). */
    confirm: confirmFlag,
  })
  .strict();

// --- Booking rules ---------------------------------------------------------------------------------------------

export const rulesSchema = z
  .object({
    guestDaysAhead: wholeNumber('How far ahead guests can book (days)', 1, 730),
    allowOverlap: flag('Overlapping reservations of one guest'),
    maxUpcoming: wholeNumber('Upcoming reservations per guest', 0, 100),
    maxPerDate: wholeNumber('Reservations per guest per date', 0, 20),
    maxCoversPerSeating: wholeNumber('Guests per seating', 0, 1000),
  })
  .strict();

// --- The restaurant's details ----------------------------------------------------------------------------------

const linkSchema = z
  .object(
    {
      label: line('A link’s name', 40),
      url: z
        .string({ error: 'A link’s address must be a web address such as https://www.instagram.com/umi' })
        .trim()
        .max(300, 'A link’s address must be at most 300 characters')
        .pipe(
          z.url({
            protocol: /^https?$/,
            error: 'A link’s address must be a web address such as https://www.instagram.com/umi',
          }),
        ),
    },
    { error: objectErrors('A link', 'an object of label and url') },
  )
  .strict();

export const detailsSchema = z
  .object({
    name: line('Restaurant name', 80),
    phone: z
      .string({ error: 'Phone must be a phone number such as (555) 010-0199' })
      .trim()
      .regex(/^[0-9+() .-]{7,20}$/, 'Phone must be a phone number such as (555) 010-0199'),
    address: line('Address', 200),
    links: z.array(linkSchema, { error: 'Links must be a list' }).max(8, 'At most 8 links'),
  })
  .strict();

// --- Tables ----------------------------------------------------------------------------------------------------

const seats = wholeNumber('Seats', 1, 20);
const position = wholeNumber('Place in the floor order', 1, 999);
const reservable = flag('Bookable online');

/** A counter seat seats one guest: a party at the counter takes as many seats as it has guests. */
export const COUNTER_SEAT_SEATS_ONE =
  'A counter seat seats one guest. For more guests at the counter, add more counter seats.';

/** A new table or counter seat; its id is the next free number (C and a number at the counter). */
export const newTableSchema = z
  .object({
    location: z.enum(TABLE_LOCATIONS, { error: 'Location must be floor or counter' }),
    numSeats: seats,
    isReservable: reservable,
    /** Left out: after the last of its location. */
    position: position.optional(),
  })
  .strict()
  .refine((table) => table.location !== 'counter' || table.numSeats === 1, {
    path: ['numSeats'],
    message: COUNTER_SEAT_SEATS_ONE,
  });

export const tableChangesSchema = z
  .object({ numSeats: seats.optional(), isReservable: reservable.optional(), position: position.optional() })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to change');

// --- Closed dates ----------------------------------------------------------------------------------------------

export const MAX_CLOSURE_DAYS = 366;

export const closureSchema = z
  .object({
    firstDate: isoDate('First date'),
    lastDate: isoDate('Last date'),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(120, 'Note must be at most 120 characters')
      .refine(isOneLine, 'Note must be one line of text')
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    /** Closing although reservations stand on these dates (they stay; the owner moves or cancels them). */
    confirm: confirmFlag,
  })
  .strict()
  .refine((value) => value.firstDate <= value.lastDate, {
    path: ['lastDate'],
    message: 'Last date must not be before the first date',
  })
  .refine((value) => daysBetween(value.firstDate, value.lastDate) < MAX_CLOSURE_DAYS, {
    path: ['lastDate'],
    message: `A closure can be at most ${MAX_CLOSURE_DAYS} days long`,
  });

// --- Trusted networks -------------------------------------------------------------------------------------------

/** A network the owner trusts: an address or a CIDR range, and a note saying whose it is ("Our Wi-Fi"). */
export const trustedNetworkSchema = z
  .object({
    network: z
      .string({ error: 'Network is required' })
      .trim()
      .min(1, 'Network is required')
      .max(50, 'Network must be an address like 203.0.113.7 or a range like 203.0.113.0/24')
      .refine(isNetworkText, 'Network must be an address like 203.0.113.7 or a range like 203.0.113.0/24'),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(80, 'Note must be at most 80 characters')
      .refine(isOneLine, 'Note must be one line of text')
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
  })
  .strict();

const daysBetween = (first: string, last: string) => (Date.parse(last) - Date.parse(first)) / 86_400_000;

export type HoursInput = z.infer<typeof hoursSchema>;
export type RulesInput = z.infer<typeof rulesSchema>;
export type DetailsInput = z.infer<typeof detailsSchema>;
export type NewTableInput = z.infer<typeof newTableSchema>;
export type TableChangesInput = z.infer<typeof tableChangesSchema>;
export type ClosureInput = z.infer<typeof closureSchema>;
export type TrustedNetworkInput = z.infer<typeof trustedNetworkSchema>;
