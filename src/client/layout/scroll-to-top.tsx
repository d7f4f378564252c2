import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The spec: the window scrolls to the top on every path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
