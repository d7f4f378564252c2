import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm, NewPasswordFields } from './account-form';
import { accountResolver } from './account-resolver';
import type { NewPasswordValues } from '../../booking/account-schemas';
import { api, ApiError, unwrap } from '../api/api-client';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton } from '../components/buttons';
import { authErrorMessage } from './auth-error-message';
import { ReauthenticateDialog } from './reauthenticate-dialog';

const CHANGED = 'Your password has been changed. Other devices have been signed out.';

/**
 * Password change for a signed-in user (settings and /auth/changepass). Right after sign-in it needs no
 * current password; otherwise the server asks for a recent login and the re-authenticate dialog opens.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const [result, setResult] = useState<BannerMessage | null>(null);
  const [pendingPassword, setPendingPassword] = useState<string | null>(null);
  const [reauthFailure, setReauthFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<NewPasswordValues>({
    resolver: accountResolver<NewPasswordValues>('newPasswordSchema'),
  });

  const onSubmit = async ({ password }: NewPasswordValues) => {
    setResult(null);
    try {
      await unwrap(api.account.password.$post({ json: { newPassword: password } }));
      setResult({ kind: 'success', text: CHANGED });
      reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'requires_recent_login') {
        setReauthFailure(null);
        setPendingPassword(password);
      } else {
        setResult({
          kind: 'error',
          text: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
        });
      }
    }
  };

  const confirmWithPassword = async (currentPassword: string) => {
    if (!pendingPassword) return;
    const { authClient } = await import('./auth-client');
    const { error } = await authClient.changePassword({
      currentPassword,
      newPassword: pendingPassword,
      revokeOtherSessions: true,
    });
    if (error) return setReauthFailure(authErrorMessage(error));
    setPendingPassword(null);
    setResult({ kind: 'success', text: CHANGED });
    reset();
  };

  return (
    <div className="space-y-4">
      {result && <Banner kind={result.kind}>{result.text}</Banner>}
      <AccountForm
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        isSubmitting={formState.isSubmitting}
        submitLabel="Change password"
        busyLabel="Saving…"
        buttonClassName={primaryButton}
      >
        <NewPasswordFields
          labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={formState.errors}
        />
      </AccountForm>
      {pendingPassword !== null && (
        <ReauthenticateDialog
          email={email}
          failure={reauthFailure}
          onConfirm={confirmWithPassword}
          onCancel={() => setPendingPassword(null)}
        />
      )}
    </div>
  );
}
