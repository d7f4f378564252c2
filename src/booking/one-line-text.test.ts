import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createReservationSchema } from './reservation-schemas';
import { detailsSchema } from './settings-schemas';
import { profileName } from './account-schemas';

// One rule for the one-line texts people type, held by the three schemas that take them: the booking's guest
// name, the account's profile name (sign-up, profile update) and the owner's settings' lines (here the
// restaurant's name). Each row: the text, then what each schema answers (the first message, or the value kept).

const bookingName = createReservationSchema.shape.name;
const settingsLine = detailsSchema.shape.name;

const ok = (value: string) => ({ value });
const refused = (message: string) => ({ message });
type Answer = ReturnType<typeof ok> | ReturnType<typeof refused>;

function answer(schema: z.ZodType, text: string): Answer {
  const result = schema.safeParse(text);
  return result.success ? ok(result.data as string) : refused(result.error.issues[0]?.message ?? '');
}

const EMPTY = {
  booking: 'Please enter your name',
  account: 'Please enter your name',
  settings: 'Restaurant name is required',
};
const NOT_ONE_LINE = {
  booking: 'Name must be one line of text',
  account: 'Name must be one line of text',
  settings: 'Restaurant name must be one line of text',
};
const everywhere = (messages: Record<'booking' | 'account' | 'settings', string>) => ({
  booking: refused(messages.booking),
  account: refused(messages.account),
  settings: refused(messages.settings),
});
const acceptedAs = (value: string) => ({ booking: ok(value), account: ok(value), settings: ok(value) });

const cases: [label: string, text: string, expected: Record<'booking' | 'account' | 'settings', Answer>][] = [
  ['a name', 'Ann Guest', acceptedAs('Ann Guest')],
  ['accents and CJK', 'Zoë 寿司', acceptedAs('Zoë 寿司')],
  ['an apostrophe and a hyphen', "Jean-Luc O'Brien", acceptedAs("Jean-Luc O'Brien")],
  ['spaces around, trimmed', '  Ann  ', acceptedAs('Ann')],
  ['a zero-width joiner inside an emoji sequence', 'Ann 👩‍🍳', acceptedAs('Ann 👩‍🍳')],
  ['nothing', '', everywhere(EMPTY)],
  ['only spaces', '   ', everywhere(EMPTY)],
  ['only zero-width spaces', '\u200B\u200B\u200B', everywhere(EMPTY)],
  [
    'only invisible characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen)',
    '\u200B\u200C\u200D\u2060\uFEFF\u00AD',
    everywhere(EMPTY),
  ],
  ['spaces and zero-width spaces', ' \u200B \u200B ', everywhere(EMPTY)],
  ['a line feed inside', 'Ann\nGuest', everywhere(NOT_ONE_LINE)],
  ['a carriage return inside', 'Ann\rGuest', everywhere(NOT_ONE_LINE)],
  ['CRLF and a header after it', 'Ann\r\nBcc: all@example.com', everywhere(NOT_ONE_LINE)],
  ['an escape sequence', 'Ann\u001b[31mGuest', everywhere(NOT_ONE_LINE)],
  ['a tab inside', 'Ann\tGuest', everywhere(NOT_ONE_LINE)],
  ['a NUL', 'Ann\u0000', everywhere(NOT_ONE_LINE)],
  ['a next-line (U+0085)', 'Ann\u0085Guest', everywhere(NOT_ONE_LINE)],
  ['a line separator (U+2028)', 'Ann\u2028Guest', everywhere(NOT_ONE_LINE)],
  ['a paragraph separator (U+2029)', 'Ann\u2029Guest', everywhere(NOT_ONE_LINE)],
  [
    'one visible character',
    'A',
    { booking: refused('Name must be at least 2 characters long'), account: ok('A'), settings: ok('A') },
  ],
  [
    'one visible character and a zero-width space',
    'A\u200B',
    { booking: refused('Name must be at least 2 characters long'), account: ok('A\u200B'), settings: ok('A\u200B') },
  ],
  [
    'one emoji (two UTF-16 units, one character)',
    '🍣',
    { booking: refused('Name must be at least 2 characters long'), account: ok('🍣'), settings: ok('🍣') },
  ],
  ['two characters', 'Jo', acceptedAs('Jo')],
  [
    'too long',
    'x'.repeat(101),
    {
      booking: refused('Name must be at most 100 characters long'),
      account: refused('Name must be at most 100 characters long'),
      settings: refused('Restaurant name must be at most 80 characters'),
    },
  ],
];

describe('one-line texts: names and the settings lines', () => {
  it.each(cases)('%s', (_label, text, expected) => {
    expect({
      booking: answer(bookingName, text),
      account: answer(profileName, text),
      settings: answer(settingsLine, text),
    }).toEqual(expected);
  });
});
