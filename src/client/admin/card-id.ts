/** The id of a reservation's card in the date view's list: the timeline's bars take the host there. */
export const cardId = (reservationId: string) => `reservation-${reservationId}`;
