import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Back and Forward too: the browser's own scroll restoration would put the old position back after the scroll
// below, so the app takes it over.
history.scrollRestoration = 'manual';

/** The spec: the window scrolls to the top on every path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
