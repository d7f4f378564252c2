import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm } from '../account-form';
import { accountResolver } from '../account-resolver';
import { Link, useNavigate } from 'react-router';
import type { SignInValues } from '../../../booking/account-schemas';
import { appConfig } from '../../app-config';
import { Banner } from '../../components/banner';
import { TextField } from '../../components/text-field';
import { authErrorMessage } from '../auth-error-message';
import { GoogleSignIn } from '../google-button';
import { SESSION_QUERY_KEY } from '../use-auth';

export function SignInForm({ next, linkQuery }: { next: string; linkQuery: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInValues>({
    resolver: accountResolver<SignInValues>('signInSchema'),
    shouldFocusError: true,
  });

  const onSubmit = async (values: SignInValues) => {
    const { authClient } = await import('../auth-client');
    const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
    if (error) return setFailure(authErrorMessage(error, { googleSignIn: appConfig.googleSignIn }));
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate(next, { replace: true });
  };

  return (
    <div className="space-y-5">
      <GoogleSignIn next={next} />
      {failure && <Banner kind="error">{failure}</Banner>}
      <AccountForm
        isSubmitting={formState.isSubmitting}
        submitLabel="Sign in"
        busyLabel="Signing in…"
        onSubmit={(event) => {
          // A new attempt replaces the last one's message, whichever check answers it this time.
          setFailure(null);
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
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
      </AccountForm>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link className="text-red-900 underline" to={`/auth/forgotpass${linkQuery}`}>
          Forgot your password?
        </Link>
        <Link className="text-red-900 underline" to={`/auth/signup${linkQuery}`}>
          Create an account
        </Link>
      </div>
    </div>
  );
}
