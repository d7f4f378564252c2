import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cardId, openCard, REVEAL_CARD } from './card-id';

/** Cards drawn at first, and added each time the host nears the end of those drawn. */
export const CARDS_AT_A_TIME = 24;

/**
 * Which of a list's cards are drawn: the first ones up to the last card that must stay. A night of 200 parties took
 * the tablet a third of a second to draw whole (docs/benchmarks.md, the host stand), and the host sees a handful at
 * a time: the first cards are drawn at once, the next as the end of the list nears the screen (or all, from the
 * list's button). A card once drawn stays drawn wherever the live list moves it (a walk-in seated above it, an edit
 * that moves it down), so an open card never loses what was typed into it, nor the focus. `keep` names cards that
 * must be drawn besides (a card with an open panel, a Change Seats link's); a card asked for from elsewhere (a
 * timeline bar, a time in the table layout) is drawn with those before it.
 */
export function useCardsShown(ids: string[], keep: (string | undefined)[]) {
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(ids.slice(0, CARDS_AT_A_TIME)));
  const end = useRef<HTMLDivElement>(null);
  const position = useMemo(() => new Map(ids.map((id, index) => [id, index])), [ids]);
  let last = Math.min(ids.length, CARDS_AT_A_TIME) - 1;
  for (const id of [...drawn, ...keep]) if (id) last = Math.max(last, position.get(id) ?? -1);
  const shown = last + 1;
  const more = shown < ids.length;

  // The keyboard on the end's button (its focus brought the end into view) moves on to the first card drawn: the
  // cards drawn come before the button, and the host goes on through the list in order.
  const drawUpTo = (wanted: number) => {
    const next = ids[shown];
    const hadFocus = end.current?.contains(document.activeElement);
    flushSync(() => setDrawn((before) => new Set([...before, ...ids.slice(0, wanted)])));
    if (hadFocus && next) document.getElementById(cardId(next))?.focus();
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
      flushSync(() => setDrawn((before) => new Set([...before, ...ids.slice(0, index + 1)])));
      openCard(id, { reveal: false });
    };
    window.addEventListener(REVEAL_CARD, reveal);
    return () => window.removeEventListener(REVEAL_CARD, reveal);
  }, [ids]);

  return { shown, end, showAll: () => drawUpTo(ids.length) };
}
