import { describe, expect, it } from 'vitest';
import { searchReservations } from './search';

const r = (
  id: string,
  name: string,
  reminderEmail: string,
  reservationDate: string,
  startTime: number,
  email = reminderEmail,
) =>
  ({ id, name, reminderEmail, email, reservationDate, startTime }) as Parameters<typeof searchReservations>[0][number];

describe('searchReservations', () => {
  const all = [
    r('1', 'Ann Lee', 'ann@example.com', '2026-12-01', 1700),
    r('2', 'Bob Ito', 'bob@sushi.test', '2026-12-03', 1800),
    r('3', 'ANNA Kim', 'kim@example.com', '2026-12-03', 1900),
  ];
  it('matches part of the name or the reminder email, ignoring case', () => {
    expect(searchReservations(all, 'ann').map((x) => x.id)).toEqual(['3', '1']);
    expect(searchReservations(all, 'SUSHI.t').map((x) => x.id)).toEqual(['2']);
  });
  it('matches the account email shown on the card, as well as the reminder email', () => {
    // Booked from Ken's account, with reminders going to his assistant.
    const withKen = [...all, r('4', 'Ken Ono', 'assistant@office.test', '2026-12-02', 1800, 'ken.ono@mail.test')];
    expect(searchReservations(withKen, 'KEN.ONO@mail').map((x) => x.id)).toEqual(['4']);
    expect(searchReservations(withKen, 'assistant@').map((x) => x.id)).toEqual(['4']);
  });
  it('finds nothing for empty text', () => {
    expect(searchReservations(all, '   ')).toEqual([]);
  });
  it('sorts by date descending, then start time descending', () => {
    expect(searchReservations(all, 'example').map((x) => x.id)).toEqual(['3', '1']);
    expect(searchReservations(all, 'o').map((x) => x.id)).toEqual(['3', '2', '1']);
  });
});
