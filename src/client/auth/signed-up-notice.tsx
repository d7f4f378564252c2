import { Banner } from '../components/banner';
import { ResendVerification } from './resend-verification';
import { useAuth } from './use-auth';

/**
 * Said on the page a guest lands on after signing up with an email and a password: a link to confirm the address is
 * on its way (booking does not wait for it), with a way to have it sent again.
 */
export function SignedUpNotice() {
  const auth = useAuth();
  if (auth.status !== 'signedIn' || auth.user.emailVerified) return null;
  const { email } = auth.user;
  return (
    <div className="mb-6">
      <ResendVerification
        email={email}
        notice={
          <Banner kind="success">
            Welcome! We sent a link to {email} to confirm your address. You can book now; open the link when it arrives.
          </Banner>
        }
      />
    </div>
  );
}
