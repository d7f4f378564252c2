import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import * as adminMessages from '../../shared/messages/admin';
import { signInPath } from '../auth/safe-next';
import { useAuth } from '../auth/use-auth';
import { Spinner } from '../components/spinner';

/** Non-admins read the denial for this long before going home (SPEC section 9). */
export const ACCESS_DENIED_REDIRECT_MS = 3000;

/**
 * Every admin screen's door (SPEC section 4, Admin access): loading, then sign-in for visitors (back here after),
 * the red denial and a way home for guests, the screen for the admin. The server refuses them all the same.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  if (auth.status === 'loading') return <Spinner label="Checking access" />;
  if (auth.status === 'signedOut') return <Navigate replace to={signInPath(`${pathname}${search}`)} />;
  if (!auth.user.isAdmin) return <AccessDenied />;
  return children;
}

function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div
      role="alert"
      className="mx-auto max-w-xl rounded-md border border-red-300 bg-red-100 px-5 py-4 font-semibold text-red-900"
    >
      {adminMessages.accessDenied}
    </div>
  );
}
