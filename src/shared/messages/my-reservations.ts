// The spec's messages for a guest's own reservations (/my-reservations).

export const signInToView = 'Please sign in to view your reservations';
export const noneYet = "You don't have any reservations yet.";
export const loadOwnFailed = 'Failed to load your reservations. Please try again.';
export const cancelFailed = 'Failed to cancel reservation. Please try again.';
export const cancelled = 'Reservation cancelled successfully.';
export const updated = 'Reservation updated successfully!';
export const updating = 'Updating reservation...';
export const confirmCancel = 'Are you sure you want to cancel this reservation?';
