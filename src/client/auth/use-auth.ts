import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/api-client';

export const SESSION_QUERY_KEY = ['session'] as const;

export type SessionUser = {
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  isAdmin: boolean;
};

/**
 * The three auth states of the spec: 'loading' (not yet known), 'signedOut', or 'signedIn' with the user.
 * Pages wait on 'loading' rather than flashing the wrong screen.
 */
export type AuthState =
  { status: 'loading'; user: null } | { status: 'signedOut'; user: null } | { status: 'signedIn'; user: SessionUser };

export function useAuth(): AuthState {
  const { data, isPending } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => unwrap(api.session.$get()),
    staleTime: 60_000,
  });
  if (isPending) return { status: 'loading', user: null };
  // A failed re-check (the server restarting, its database down) keeps the last answer: the admin is not sent
  // to sign in because the server could not say who they are for a moment.
  if (data?.user) return { status: 'signedIn', user: data.user };
  return { status: 'signedOut', user: null };
}
