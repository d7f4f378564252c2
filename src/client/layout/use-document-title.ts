import { useEffect } from 'react';
import { appConfig } from '../app-config';

/** Sets the tab title to "<page> · <restaurant>", so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${appConfig.restaurantName}`;
  }, [title]);
}
