import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/api-client';
import { appConfig } from '../app-config';

/**
 * After the owner changes a setting, this page's copy of the public config (the name, phone and address in the
 * header and footer, the party sizes offered) is read again, without a reload. The layout draws from `appConfig`
 * and re-renders on every navigation: going to the same address again, in place, repaints it.
 */
export function useRefreshPublicConfig() {
  const navigate = useNavigate();
  return useCallback(async () => {
    Object.assign(appConfig, await unwrap(api['public-config'].$get()));
    const { pathname, search, hash } = window.location;
    await navigate({ pathname, search, hash }, { replace: true, preventScrollReset: true });
  }, [navigate]);
}
