import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm } from '../account-form';
import { accountResolver } from '../account-resolver';
import { Link } from 'react-router';
import type { ForgotPasswordValues } from '../../../booking/account-schemas';
import { Banner, type BannerMessage } from '../../components/banner';
import { TextField } from '../../components/text-field';
import { authErrorMessage } from '../auth-error-message';

export function ForgotPasswordForm({ linkQuery }: { linkQuery: string }) {
  const [result, setResult] = useState<BannerMessage | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordValues>({
    resolver: accountResolver<ForgotPasswordValues>('forgotPasswordSchema'),
  });

  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    setResult(null);
    const { authClient } = await import('../auth-client');
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/auth/changepass' });
    // The same answer whether or not the address has an account.
    if (error) setResult({ kind: 'error', text: authErrorMessage(error) });
    else
      setResult({
        kind: 'success',
        text: `If an account exists for ${email}, we've sent it a link to reset your password.`,
      });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-700">Enter your email and we'll send you a link to choose a new password.</p>
      {result && <Banner kind={result.kind}>{result.text}</Banner>}
      <AccountForm
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        isSubmitting={formState.isSubmitting}
        submitLabel="Send reset link"
        busyLabel="Sending…"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
      </AccountForm>
      <Link className="text-sm text-red-900 underline" to={`/auth/signin${linkQuery}`}>
        Back to sign in
      </Link>
    </div>
  );
}
