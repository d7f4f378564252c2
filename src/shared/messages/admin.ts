// The spec's messages for the admin: the dashboard, its panels and the print report, and the refusal of
// everyone else (which the server's guards send too).

export const accessDenied = 'Access Denied: Admin privileges required';
export const loadAdminFailed = 'Failed to load reservations. Please try again.';
export const loadTablesFailed = 'Failed to load available tables. Please try again.';
export const updateSeatsFailed = 'Failed to update seats. Please try again.';
export const seatsUpdated = 'Seats updated successfully!';
export const noTimeSelected = 'No time selected for the reservation';
export const counterOverSelection = (selected: number, partySize: number) =>
  `You've selected ${selected} counter seats for a party of ${partySize}. Consider using exactly ${partySize} seats to avoid wasting capacity.`;
export const noTablesAssigned = 'No tables assigned';
export const searchPlaceholder = 'Enter customer name or email address...';
export const searchHint = 'Press Enter to search or continue typing to refine your search';
export const noneForDate = 'No reservations found for this date.';
export const noneForSearch = 'No reservations found matching your search.';
export const selectDateFirst = 'Please select a date to view table reservations.';
export const enterSearch = 'Enter a name or email address to search for reservations.';
export const nothingToPrint = 'No reservations to print. Please select a date or search for reservations first.';
