import { describe, expect, it } from 'vitest';
import { searchReservations } from './search';

const r = (id: string, name: string, reminderEmail: string, reservationDate: string, startTime: number) =>
  ({ id, name, reminderEmail, reservationDate, startTime }) as Parameters<typeof searchReservations>[0][number];

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
  it('finds nothing for empty text', () => {
    expect(searchReservations(all, '   ')).toEqual([]);
  });
  it('sorts by date descending, then start time descending', () => {
    expect(searchReservations(all, 'example').map((x) => x.id)).toEqual(['3', '1']);
    expect(searchReservations(all, 'o').map((x) => x.id)).toEqual(['3', '2', '1']);
  });
});
