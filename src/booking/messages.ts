// The spec's user-visible messages (SPEC sections 5 and 8), written once, used by server and client alike.

export const messages = {
  slotTaken: 'That time slot has been booked. Please refresh the page.',
  availabilityError: (detail: string) => `Error checking table availability: ${detail}`,
  reservationNotFound: 'Reservation not found',
  availabilityFailed: 'Failed to check availability. Please try again.',
  selectTime: 'Please select a time for your reservation',
  invalidTime: 'Invalid time format selected',
  invalidTableSelection: 'Invalid table selection',
  noTablesSelected: 'No tables selected',
  selectAtLeastOneTable: 'Please select at least one table or counter seat.',
  needMoreSeats: (needed: number, selected: number) =>
    `You need at least ${needed} seats for your party. Currently selected: ${selected} seats. Please select additional tables or counter seats.`,
  selectionFailed: 'An error occurred while submitting your selection',
  createFailed: 'An error occurred while creating your reservation. Please try again.',
  loadAdminFailed: 'Failed to load reservations. Please try again.',
  loadOwnFailed: 'Failed to load your reservations. Please try again.',
  cancelFailed: 'Failed to cancel reservation. Please try again.',
  updateFailed: 'Failed to update reservation. Please try again.',
  loadTablesFailed: 'Failed to load available tables. Please try again.',
  updateSeatsFailed: 'Failed to update seats. Please try again.',
  notEnoughCounterSeats: (found: number, needed: number) =>
    `Not enough counter seats available. Found ${found}, need ${needed}.`,
  noTableCombination: "Couldn't find a suitable combination of tables for this party size",
  accessDenied: 'Access Denied: Admin privileges required',
  noTimeSelected: 'No time selected for the reservation',
  seatsTooFew: (capacity: number, partySize: number) =>
    `Selected seats can only accommodate ${capacity} people, but this reservation is for ${partySize} people.`,
  counterOverSelection: (selected: number, partySize: number) =>
    `You've selected ${selected} counter seats for a party of ${partySize}. Consider using exactly ${partySize} seats to avoid wasting capacity.`,
  cancelled: 'Reservation cancelled successfully.',
  updated: 'Reservation updated successfully!',
  seatsUpdated: 'Seats updated successfully!',
  updating: 'Updating reservation...',
  confirmCancel: 'Are you sure you want to cancel this reservation?',
  closedMondays: 'We are closed on Mondays',
} as const;
