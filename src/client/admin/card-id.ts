/** The id of a reservation's card in the date view's list: the timeline's bars and the layout's times lead there. */
export const cardId = (reservationId: string) => `reservation-${reservationId}`;

/** Asks the list to draw a card it has not drawn yet (cards-shown.ts), which then opens it. */
export const REVEAL_CARD = 'admin:reveal-card';

/**
 * A party's card in the date view's list, brought into view with the focus on it (where its marks are). A card not
 * drawn yet is asked for (`reveal`), once: the list draws it and opens it with `reveal: false`.
 */
export function openCard(reservationId: string, { reveal = true } = {}) {
  const card = document.getElementById(cardId(reservationId));
  if (!card) {
    if (reveal) window.dispatchEvent(new CustomEvent(REVEAL_CARD, { detail: reservationId }));
    return;
  }
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}
