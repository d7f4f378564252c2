import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { signInPath } from './safe-next';
import { useAuth, type SessionUser } from './use-auth';

/**
 * Renders `children(user)` for a signed-in visitor; sends a signed-out one to sign-in with `next` set back
 * to this page (and the spec's message, where it has one); shows a spinner while the session is unknown.
 */
export function RequireSignIn({ message, children }: { message?: string; children: (user: SessionUser) => ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut') {
    return <Navigate replace to={signInPath(`${location.pathname}${location.search}`, message)} />;
  }
  return <>{children(auth.user)}</>;
}
