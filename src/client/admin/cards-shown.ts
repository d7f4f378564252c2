import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cardId, openCard, REVEAL_CARD } from './card-id';

/** Cards drawn at first, and added each time the host nears the end of those drawn. */
export const CARDS_AT_A_TIME = 24;

/**
 * How many of a list's cards are drawn. A night of 200 parties would take the tablet a third of a second to draw
 * whole (docs/benchmarks.md, the host stand), and the host sees a handful at a time: the first cards are drawn at
 * once, the next as the end of the list nears the screen (or all, from the list's button), and none is ever taken
 * away, so nothing typed into an open card is lost. A card asked for from elsewhere (a timeline bar, a link to its
 * Change Seats) is drawn with those before it.
 */
export function useCardsShown(ids: string[], keepShown: string | undefined) {
  const [count, setCount] = useState(CARDS_AT_A_TIME);
  const end = useRef<HTMLDivElement>(null);
  const shown = Math.min(ids.length, Math.max(count, (keepShown ? ids.indexOf(keepShown) : -1) + 1));
  const more = shown < ids.length;

  // The end of the list (its button) goes once every card is drawn: if it had the focus (the keyboard reached it),
  // the focus moves on to the first card drawn.
  const drawUpTo = (wanted: number) => {
    const next = ids[shown];
    const hadFocus = end.current?.contains(document.activeElement);
    flushSync(() => setCount(wanted));
    if (hadFocus && !end.current && next) document.getElementById(cardId(next))?.focus();
  };

  const drawMore = useEffectEvent(() => drawUpTo(shown + CARDS_AT_A_TIME));
  // Observed afresh after each addition: while the end is still near, its first report adds the next cards.
  useEffect(() => {
    const endOfList = end.current;
    if (!endOfList || !more) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) drawMore();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(endOfList);
    return () => observer.disconnect();
  }, [more, shown]);

  useEffect(() => {
    const reveal = (event: Event) => {
      const id = (event as CustomEvent<string>).detail;
      const index = ids.indexOf(id);
      if (index < 0) return;
      flushSync(() => setCount((before) => Math.max(before, index + 1)));
      openCard(id);
    };
    window.addEventListener(REVEAL_CARD, reveal);
    return () => window.removeEventListener(REVEAL_CARD, reveal);
  }, [ids]);

  return { shown, end, showAll: () => drawUpTo(ids.length) };
}
