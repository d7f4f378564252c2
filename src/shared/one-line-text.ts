import { z } from 'zod';
import * as formMessages from './messages/forms';

// One rule for the one-line texts people type: a guest's name on a booking, an account's name, the lines of the
// owner's settings. A line break or an escape in a name breaks the emails, the printed list and the CSV it goes
// into; a name made only of zero-width characters shows as nothing at all.

/** Control characters (line feed, carriage return, tab, escape ...) and the line and paragraph separators. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** What shows nothing: spaces, and format characters (zero-width space and joiners, word joiner, BOM, soft hyphen). */
const INVISIBLE = /[\s\p{Cf}]/gu;

export const isOneLine = (text: string) => !NOT_ONE_LINE.test(text);

/** The characters of `text` that show, counted as zod counts length (an emoji is one). */
export const visibleLength = (text: string) => [...text.replace(INVISIBLE, '')].length;

/** Trimmed; refused as `required` when nothing in it shows, longer than `max`, or not one line. */
export const oneLineText = (max: number, messages: { required: string; tooLong: string; notOneLine: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .refine((text) => visibleLength(text) > 0, messages.required)
    .max(max, messages.tooLong)
    .refine(isOneLine, messages.notOneLine);

/** A person's name: the guest's on a booking (which also wants two characters), an account's. */
export const personName = oneLineText(100, {
  required: formMessages.enterName,
  tooLong: 'Name must be at most 100 characters long',
  notOneLine: 'Name must be one line of text',
});
