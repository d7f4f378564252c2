import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import * as adminMessages from '../../shared/messages/admin';
import { signInPath } from '../auth/safe-next';
import { useAuth } from '../auth/use-auth';
import { Spinner } from '../components/spinner';
import { useDocumentTitle } from '../layout/use-document-title';
import { AdminDashboard } from './admin-dashboard';

/** Non-admins read the denial for this long before going home (SPEC section 9). */
export const ACCESS_DENIED_REDIRECT_MS = 3000;

/** /admin: loading, then sign-in for visitors, a denial for guests, the dashboard for the admin. */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner label="Checking access" />;
  if (auth.status === 'signedOut') return <Navigate replace to={signInPath('/admin')} />;
  if (!auth.user.isAdmin) return <AccessDenied />;
  return <AdminDashboard />;
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
