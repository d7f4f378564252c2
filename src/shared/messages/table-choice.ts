// The admin's own choice of tables (SPEC sections 5 and 8): the manual picker on /, Change Seats, and the server's
// refusals of a choice. Import as a namespace: `import * as tableMessages from '../shared/messages/table-choice'`.

/** The spec's words, with one seat said as one ("Currently selected: 1 seat"). */
const oneSeat = (text: string) => text.replace(/\b1 seats\b/g, '1 seat');

export const invalidTableSelection = 'Invalid table selection';
export const noTablesSelected = 'No tables selected';
export const selectAtLeastOneTable = 'Please select at least one table or counter seat.';
export const needMoreSeats = (needed: number, selected: number) =>
  oneSeat(
    `You need at least ${needed} seats for your party. Currently selected: ${selected} seats. Please select additional tables or counter seats.`,
  );
export const selectionFailed = 'An error occurred while submitting your selection';
export const seatsTooFew = (capacity: number, partySize: number) =>
  `Selected seats can only accommodate ${capacity} people, but this reservation is for ${partySize} people.`.replace(
    /\b1 people\b/g,
    '1 person',
  );
export const noAvailableTables = 'No available tables found for this time slot.';
export const noAvailableCounterSeats = 'No available counter seats found for this time slot.';
