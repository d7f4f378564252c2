import { useEffect, useState, type RefObject } from 'react';

/** How near the window's view counts as in view, in pixels. */
const NEAR_PX = 200;

/** Whether the element's box is now within NEAR_PX of the window's view. */
const isNear = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.top < window.innerHeight + NEAR_PX && box.bottom > -NEAR_PX;
};

/** Becomes true, for good, once the element has come into (or within 200 px of) the window's view. */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    // One callback can carry several entries for the element (its first, out-of-view one and the in-view one
    // after a quick scroll, when the page was busy): any of them in view counts.
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true),
      { rootMargin: `${NEAR_PX}px` },
    );
    observer.observe(element);
    // A scroll (of the page or any box in it) also measures the element: on a busy machine a browser was seen to
    // scroll the footer into view without the observer ever reporting it (a CI run), and the logos never loaded.
    const measure = () => isNear(element) && setSeen(true);
    document.addEventListener('scroll', measure, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('scroll', measure, true);
    };
  }, [ref, seen]);
  return seen;
}
