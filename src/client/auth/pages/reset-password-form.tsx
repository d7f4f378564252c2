import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm, NewPasswordFields } from '../account-form';
import { accountResolver } from '../account-resolver';
import { Link, useNavigate } from 'react-router';
import type { NewPasswordValues } from '../../../booking/account-schemas';
import { api, unwrap } from '../../api/api-client';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { authErrorMessage } from '../auth-error-message';
import { signInPath } from '../safe-next';
import { SESSION_QUERY_KEY } from '../use-auth';

/** Whether a reset link can still be used: asked once per link. */
const resetLinkKey = (token: string) => ['reset-link', token] as const;

/** /auth/changepass?oobCode=...: the landing of a password-reset link, checked as it opens. */
export function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const link = useQuery({
    queryKey: resetLinkKey(oobCode),
    queryFn: () => unwrap(api.account['reset-link'].$post({ json: { token: oobCode } })),
    staleTime: Infinity,
  });
  if (link.isPending) return <Spinner label="Checking the link" />;
  // A link that cannot be checked (the server unreachable) still shows the form: its answer will say.
  if (link.data && !link.data.usable) {
    return (
      <Banner kind="error">
        This link has already been used, or has expired (a link lasts an hour).{' '}
        <Link className="font-semibold underline" to="/auth/forgotpass">
          Request a new link
        </Link>
      </Banner>
    );
  }
  return <NewPasswordForm oobCode={oobCode} />;
}

function NewPasswordForm({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: accountResolver<NewPasswordValues>('newPasswordSchema'),
  });

  const onSubmit = async ({ password }: NewPasswordValues) => {
    setFailure(null);
    const { authClient } = await import('../auth-client');
    const { error } = await authClient.resetPassword({ newPassword: password, token: oobCode });
    if (error) return setFailure(authErrorMessage(error));
    // The reset ended every session of the account, this browser's too if it was signed in: asked again, the
    // server says so, and the sign-in page shows its message instead of sending a signed-in guest on.
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate(signInPath('/', 'Your password has been changed. Please sign in with your new password.'), {
      replace: true,
    });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-700">Choose a new password for your account.</p>
      {failure && (
        <Banner kind="error">
          {failure}{' '}
          <Link className="underline" to="/auth/forgotpass">
            Request a new link
          </Link>
        </Banner>
      )}
      <AccountForm
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        isSubmitting={formState.isSubmitting}
        submitLabel="Set new password"
        busyLabel="Saving…"
      >
        <NewPasswordFields
          labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={formState.errors}
        />
      </AccountForm>
    </div>
  );
}
