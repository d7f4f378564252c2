import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/api-client';

// The owner's settings screen talks to /api/settings (src/server/settings): this read, and one file per change.

export const settingsKeys = { all: ['admin', 'settings'] as const };

/** Everything the owner sets, with the latest changes. */
export function useOwnerSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: () => unwrap(api.settings.$get()) });
}

export type OwnerSettings = NonNullable<ReturnType<typeof useOwnerSettings>['data']>;
