import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm, NewPasswordFields } from '../account-form';
import { accountResolver } from '../account-resolver';
import { Link, useNavigate } from 'react-router';
import type { SignUpValues } from '../../../booking/account-schemas';
import { Banner } from '../../components/banner';
import { TextField } from '../../components/text-field';
import { authErrorMessage } from '../auth-error-message';
import { GoogleSignIn } from '../google-button';
import { SESSION_QUERY_KEY } from '../use-auth';

export function SignUpForm({ next, linkQuery }: { next: string; linkQuery: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // An address that has an account: the way on is signing in, or a reset, both a click away.
  const [existingAccount, setExistingAccount] = useState(false);
  const { register, handleSubmit, formState } = useForm<SignUpValues>({
    resolver: accountResolver<SignUpValues>('signUpSchema'),
  });

  const onSubmit = async (values: SignUpValues) => {
    const { authClient } = await import('../auth-client');
    const { error } = await authClient.signUp.email({
      email: values.email,
      password: values.password,
      name: values.email.split('@')[0] ?? values.email,
    });
    if (error) {
      setExistingAccount(error.code === 'USER_ALREADY_EXISTS');
      return setFailure(authErrorMessage(error));
    }
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    // The page it lands on says a link to confirm the address is on its way (layout/root-layout.tsx).
    await navigate(next, { replace: true, state: { signedUp: true } });
  };

  return (
    <div className="space-y-5">
      <GoogleSignIn next={next} />
      {failure && <SignUpFailure failure={failure} existingAccount={existingAccount} linkQuery={linkQuery} />}
      <AccountForm
        isSubmitting={formState.isSubmitting}
        submitLabel="Sign up"
        busyLabel="Creating your account…"
        onSubmit={(event) => {
          // A new attempt replaces the last one's message, whichever check answers it this time.
          setFailure(null);
          setExistingAccount(false);
          void handleSubmit(onSubmit)(event);
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={formState.errors}
        />
        <p className="text-sm text-stone-700">
          By signing up, you agree to our{' '}
          <Link className="text-red-900 underline" to="/legal/terms-of-service">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link className="text-red-900 underline" to="/legal/privacy-policy">
            Privacy Policy
          </Link>
          .
        </p>
      </AccountForm>
      <p className="text-sm">
        Already have an account?{' '}
        <Link className="text-red-900 underline" to={`/auth/signin${linkQuery}`}>
          Sign in
        </Link>
      </p>
    </div>
  );
}

/** Why the sign-up failed; for an address that has an account, the way on is signing in, or a reset. */
function SignUpFailure({
  failure,
  existingAccount,
  linkQuery,
}: {
  failure: string;
  existingAccount: boolean;
  linkQuery: string;
}) {
  return (
    <Banner kind="error">
      {failure}
      {existingAccount && (
        <span className="mt-2 flex flex-wrap gap-4">
          <Link className="font-semibold underline" to={`/auth/signin${linkQuery}`}>
            Sign in
          </Link>
          <Link className="font-semibold underline" to={`/auth/forgotpass${linkQuery}`}>
            Reset your password
          </Link>
        </span>
      )}
    </Banner>
  );
}
