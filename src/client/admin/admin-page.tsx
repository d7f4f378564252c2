import { useDocumentTitle } from '../layout/use-document-title';
import { AdminDashboard } from './admin-dashboard';
import { AdminOnly } from './admin-only';

/** /admin: loading, then sign-in for visitors, a denial for guests, the dashboard for the admin. */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}
