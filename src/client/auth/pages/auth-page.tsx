import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Banner } from '../../components/banner';
import { useDocumentTitle } from '../../layout/use-document-title';
import { ChangePasswordForm } from '../change-password-form';
import { RequireSignIn } from '../use-require-sign-in';
import { safeNextPath } from '../safe-next';
import { useAuth } from '../use-auth';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const TITLES = {
  signin: 'Sign in',
  signup: 'Create an account',
  forgotpass: 'Reset your password',
  changepass: 'Change your password',
} as const;
type AuthType = keyof typeof TITLES;

/**
 * /auth/{type} or /auth?type={type}: signin, signup, forgotpass or changepass; any other type shows sign-up
 * (SPEC section 2). The path names the page when both do.
 */
export function AuthPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const requested = params.type ?? search.get('type');
  const type: AuthType = requested && Object.hasOwn(TITLES, requested) ? (requested as AuthType) : 'signup';
  const next = safeNextPath(search.get('next'));
  const message = search.get('message');
  const oobCode = search.get('oobCode');
  // Links between the auth pages keep where to go afterwards.
  const linkQuery = next === '/' ? '' : `?${new URLSearchParams({ next }).toString()}`;
  useDocumentTitle(TITLES[type]);
  const auth = useAuth();

  // Someone already signed in (a bookmark, the back button after signing in) goes where signing in would take
  // them. Until the session is known the form shows, so a signed-out visitor never waits for it.
  // A sign-up that just succeeded lands here too, as the session arrives: the page it goes on to welcomes it.
  if (auth.status === 'signedIn' && (type === 'signin' || type === 'signup'))
    return <Navigate to={next} replace state={type === 'signup' ? { signedUp: true } : undefined} />;

  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold text-stone-900">{TITLES[type]}</h1>
      {message && (
        <Banner kind="info" className="mb-5">
          {message}
        </Banner>
      )}
      {type === 'signin' && <SignInForm next={next} linkQuery={linkQuery} />}
      {type === 'signup' && <SignUpForm next={next} linkQuery={linkQuery} />}
      {type === 'forgotpass' && <ForgotPasswordForm linkQuery={linkQuery} />}
      {type === 'changepass' &&
        (oobCode ? (
          <ResetPasswordForm oobCode={oobCode} />
        ) : (
          <RequireSignIn>{(user) => <ChangePasswordForm email={user.email} />}</RequireSignIn>
        ))}
      {type === 'changepass' && !oobCode && (
        <p className="mt-6 text-sm">
          <Link className="text-red-900 underline" to="/auth/forgotpass">
            Forgot your password?
          </Link>
        </p>
      )}
    </section>
  );
}
