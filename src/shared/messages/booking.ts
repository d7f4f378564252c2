// The spec's messages (SPEC sections 5 and 8) for booking: the form on /, its rules on the server, and the admin's
// table choice. Each area's messages are a module of their own (see README.md in this folder); import them as
// a namespace: `import * as bookingMessages from '../shared/messages/booking'`.

export const slotTaken = 'That time slot has been booked. Please refresh the page.';
export const availabilityError = (detail: string) => `Error checking table availability: ${detail}`;
export const reservationNotFound = 'Reservation not found';
export const availabilityFailed = 'Failed to check availability. Please try again.';
export const selectTime = 'Please select a time for your reservation';
export const invalidTime = 'Invalid time format selected';
export const invalidTableSelection = 'Invalid table selection';
export const noTablesSelected = 'No tables selected';
export const selectAtLeastOneTable = 'Please select at least one table or counter seat.';
/** The spec's words, with one seat said as one ("Currently selected: 1 seat"). */
const oneSeat = (text: string) => text.replace(/\b1 seats\b/g, '1 seat');

export const needMoreSeats = (needed: number, selected: number) =>
  oneSeat(
    `You need at least ${needed} seats for your party. Currently selected: ${selected} seats. Please select additional tables or counter seats.`,
  );
export const selectionFailed = 'An error occurred while submitting your selection';
export const createFailed = 'An error occurred while creating your reservation. Please try again.';
export const updateFailed = 'Failed to update reservation. Please try again.';
export const notEnoughCounterSeats = (found: number, needed: number) =>
  `Not enough counter seats available. Found ${found}, need ${needed}.`;
export const noTableCombination = "Couldn't find a suitable combination of tables for this party size";
export const seatsTooFew = (capacity: number, partySize: number) =>
  `Selected seats can only accommodate ${capacity} people, but this reservation is for ${partySize} people.`.replace(
    /\b1 people\b/g,
    '1 person',
  );
export const closedMondays = 'We are closed on Mondays';
export const adminMode =
  'Admin mode: You can book non-reservable tables and counter seats. These will automatically be included in the available options.';
export const noAvailableTables = 'No available tables found for this time slot.';
export const noAvailableCounterSeats = 'No available counter seats found for this time slot.';

// The booking form's field rules (SPEC section 5).
export const enterPhone = 'Please enter your phone number';
export const invalidPhone = 'Please enter a valid phone number';
export const nameTooShort = 'Name must be at least 2 characters long';
export const selectDate = 'Please select a date';
export const selectGuests = 'Please select the number of guests';
export const invalidGuests = 'Please select a valid number of guests';
export const enterReminderEmail = 'Please enter an email address for reminders';
