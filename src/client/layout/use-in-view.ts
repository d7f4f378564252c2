import { useEffect, useState, type RefObject } from 'react';

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
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
