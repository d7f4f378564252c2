import type { TableLocation } from '../shared/seat-types';

// Counting and naming in sentences the app writes, in one place: "1 seat", "2 seats", "table 9", "counter seat C3".

/** A number with its noun, singular for one: countOf(1, 'seat') is "1 seat", countOf(2, 'person', 'people') "2 people". */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n} ${n === 1 ? singular : plural}`;

/** A table as a sentence names it: "table 9", or "counter seat C3". */
export const tableLabel = (table: { id: string; location: TableLocation }): string =>
  `${table.location === 'counter' ? 'counter seat' : 'table'} ${table.id}`;

/** The same, to begin a sentence: "Table 9", "Counter seat C3". */
export const TableLabel = (table: { id: string; location: TableLocation }): string => {
  const label = tableLabel(table);
  return label.charAt(0).toUpperCase() + label.slice(1);
};
