import { endTimeFor } from '../../booking/clock';
import { zonedInstant } from '../../booking/zoned-time';
import type { PublicConfig } from '../../shared/public-config';
import type { Reservation } from '../../shared/reservation';

// An iCalendar (RFC 5545) event for one reservation, for the "Add to calendar" download. Times are written
// as UTC instants computed in the restaurant's time zone, so the event lands at the right moment whatever
// zone the guest's phone is in.

type Restaurant = Pick<PublicConfig, 'restaurantName' | 'address' | 'phone' | 'timeZone'>;

export function reservationCalendarFile(
  reservation: Pick<Reservation, 'id' | 'reservationDate' | 'startTime' | 'partySize' | 'name'>,
  restaurant: Restaurant,
  siteUrl: string,
  now: Date = new Date(),
): string {
  const start = zonedInstant(reservation.reservationDate, reservation.startTime, restaurant.timeZone);
  const end = zonedInstant(reservation.reservationDate, endTimeFor(reservation.startTime), restaurant.timeZone);
  const people = `${reservation.partySize} ${reservation.partySize === 1 ? 'person' : 'people'}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(restaurant.restaurantName)}//Reservations//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-TIMEZONE:${restaurant.timeZone}`,
    'BEGIN:VEVENT',
    `UID:${reservation.id}@${new URL(siteUrl).host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(`Dinner at ${restaurant.restaurantName} (${people})`)}`,
    `LOCATION:${escapeText(restaurant.address)}`,
    `DESCRIPTION:${escapeText(
      `Reservation for ${reservation.name}, ${people}.\nTo change or cancel: ${siteUrl}/my-reservations or call ${restaurant.phone}.`,
    )}`,
    `URL:${siteUrl}/my-reservations`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** 20261124T030000Z */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). Every break, CRLF, LF or a
 * lone CR, becomes the escaped \n: a raw CR would end the line early, and what follows would be read as a
 * property of its own.
 */
const escapeText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    // The first line holds 75 octets; continuation lines 74, after their leading space.
    if (currentBytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A file name like 'umi-sushi-2026-11-24.ics'. */
export const calendarFileName = (restaurantName: string, date: string) =>
  `${restaurantName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${date}.ics`;
