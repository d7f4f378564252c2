import { NavLink, useParams } from 'react-router';
import { ChangePasswordForm } from '../auth/change-password-form';
import { RequireSignIn } from '../auth/use-require-sign-in';
import { TextField } from '../components/text-field';
import { useDocumentTitle } from '../layout/use-document-title';
import { ChangeEmailForm } from './change-email-form';
import { DeleteAccount } from './delete-account';
import { ResendVerification } from '../auth/resend-verification';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-red-50 text-red-900' : 'text-stone-700 hover:bg-stone-100'}`;

/** /settings/general (the read-only email) and /settings/password. Signed-out visitors go to sign-in. */
export function AccountSettingsPage() {
  const { section } = useParams();
  const active = section === 'password' ? 'password' : 'general';
  useDocumentTitle(active === 'password' ? 'Settings: Password' : 'Settings');

  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-3xl">
          <h1 className="mb-6 text-2xl font-bold text-stone-900">Settings</h1>
          <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
            <nav aria-label="Settings sections">
              <ul className="flex gap-2 sm:flex-col">
                <li>
                  <NavLink to="/settings/general" className={tabClass}>
                    General
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/settings/password" className={tabClass}>
                    Password
                  </NavLink>
                </li>
              </ul>
            </nav>
            <div className="space-y-8 rounded-lg bg-white p-6 shadow-sm">
              {active === 'general' ? (
                <>
                  <div className="space-y-4">
                    <h2 className="text-lg font-semibold text-stone-900">General</h2>
                    <TextField label="Email" type="email" value={user.email} readOnly />
                    {!user.emailVerified && <ResendVerification email={user.email} />}
                  </div>
                  <ChangeEmailForm />
                  <DeleteAccount isAdmin={user.isAdmin} />
                </>
              ) : (
                <div className="space-y-4">
                  <h2 className="text-lg font-semibold text-stone-900">Password</h2>
                  <ChangePasswordForm email={user.email} />
                </div>
              )}
            </div>
          </div>
        </section>
      )}
    </RequireSignIn>
  );
}
