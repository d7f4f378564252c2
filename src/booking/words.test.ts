import { describe, expect, it } from 'vitest';
import { countOf, TableLabel, tableLabel } from './words';

describe('words', () => {
  it.each([
    [0, 'seat', undefined, '0 seats'],
    [1, 'seat', undefined, '1 seat'],
    [2, 'seat', undefined, '2 seats'],
    [1, 'person', 'people', '1 person'],
    [6, 'person', 'people', '6 people'],
    [1, 'upcoming reservation', undefined, '1 upcoming reservation'],
  ])('counts %i %s', (n, singular, plural, words) => {
    expect(countOf(n, singular, plural)).toBe(words);
  });

  it('names tables and counter seats, inside a sentence and at its start', () => {
    expect(tableLabel({ id: '9', location: 'floor' })).toBe('table 9');
    expect(tableLabel({ id: 'C3', location: 'counter' })).toBe('counter seat C3');
    expect(TableLabel({ id: '9', location: 'floor' })).toBe('Table 9');
    expect(TableLabel({ id: 'C3', location: 'counter' })).toBe('Counter seat C3');
  });
});
