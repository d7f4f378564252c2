// The spec's messages (SPEC sections 5 and 8) for booking that the booking page says itself, and the server's
// refusals. The form's field rules are in booking-fields.ts and the admin's table choice in table-choice.ts, which
// only lazily loaded code needs (README.md in this folder). Import them as a namespace:
// `import * as bookingMessages from '../shared/messages/booking'`.

export const slotTaken = 'That time slot has been booked. Please refresh the page.';
export const availabilityError = (detail: string) => `Error checking table availability: ${detail}`;
export const reservationNotFound = 'Reservation not found';
export const availabilityFailed = 'Failed to check availability. Please try again.';
export const createFailed = 'An error occurred while creating your reservation. Please try again.';
export const updateFailed = 'Failed to update reservation. Please try again.';
export const notEnoughCounterSeats = (found: number, needed: number) =>
  `Not enough counter seats available. Found ${found}, need ${needed}.`;
export const noTableCombination = "Couldn't find a suitable combination of tables for this party size";
export const closedMondays = 'We are closed on Mondays';
export const adminMode =
  'Admin mode: You can book non-reservable tables and counter seats. These will automatically be included in the available options.';
// The date field's rule: the booking window (booking-window.ts) says it on the page too.
export const selectDate = 'Please select a date';
