// The spec's user-visible messages (SPEC sections 5 and 8), written once, used by server and client alike.
// Import them as a namespace (`import * as messages from`): each is its own export, so a page's bundle
// carries only the messages it shows.

export const slotTaken = 'That time slot has been booked. Please refresh the page.';
export const availabilityError = (detail: string) => `Error checking table availability: ${detail}`;
export const reservationNotFound = 'Reservation not found';
export const availabilityFailed = 'Failed to check availability. Please try again.';
export const selectTime = 'Please select a time for your reservation';
export const invalidTime = 'Invalid time format selected';
export const invalidTableSelection = 'Invalid table selection';
export const noTablesSelected = 'No tables selected';
export const selectAtLeastOneTable = 'Please select at least one table or counter seat.';
export const needMoreSeats = (needed: number, selected: number) =>
  `You need at least ${needed} seats for your party. Currently selected: ${selected} seats. Please select additional tables or counter seats.`;
export const selectionFailed = 'An error occurred while submitting your selection';
export const createFailed = 'An error occurred while creating your reservation. Please try again.';
export const loadAdminFailed = 'Failed to load reservations. Please try again.';
export const loadOwnFailed = 'Failed to load your reservations. Please try again.';
export const cancelFailed = 'Failed to cancel reservation. Please try again.';
export const updateFailed = 'Failed to update reservation. Please try again.';
export const loadTablesFailed = 'Failed to load available tables. Please try again.';
export const updateSeatsFailed = 'Failed to update seats. Please try again.';
export const notEnoughCounterSeats = (found: number, needed: number) =>
  `Not enough counter seats available. Found ${found}, need ${needed}.`;
export const noTableCombination = "Couldn't find a suitable combination of tables for this party size";
export const accessDenied = 'Access Denied: Admin privileges required';
export const noTimeSelected = 'No time selected for the reservation';
export const seatsTooFew = (capacity: number, partySize: number) =>
  `Selected seats can only accommodate ${capacity} people, but this reservation is for ${partySize} people.`;
export const counterOverSelection = (selected: number, partySize: number) =>
  `You've selected ${selected} counter seats for a party of ${partySize}. Consider using exactly ${partySize} seats to avoid wasting capacity.`;
export const cancelled = 'Reservation cancelled successfully.';
export const updated = 'Reservation updated successfully!';
export const seatsUpdated = 'Seats updated successfully!';
export const updating = 'Updating reservation...';
export const confirmCancel = 'Are you sure you want to cancel this reservation?';
export const closedMondays = 'We are closed on Mondays';
