/** The id of a reservation's card in the date view's list: the timeline's bars and the layout's times lead there. */
export const cardId = (reservationId: string) => `reservation-${reservationId}`;

/** A party's card in the date view's list, brought into view with the focus on it (where its marks are). */
export function openCard(reservationId: string) {
  const card = document.getElementById(cardId(reservationId));
  card?.scrollIntoView({ block: 'center' });
  card?.focus({ preventScroll: true });
}
