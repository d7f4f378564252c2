import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountForm } from '../auth/account-form';
import { accountResolver } from '../auth/account-resolver';
import type { ChangeEmailValues } from '../../booking/account-schemas';
import { authErrorMessage } from '../auth/auth-error-message';
import { Banner, type BannerMessage } from '../components/banner';
import { secondaryButton } from '../components/buttons';
import { TextField } from '../components/text-field';

/** Sends a confirmation to the new address; the email changes once that link is opened. */
export function ChangeEmailForm() {
  const [result, setResult] = useState<BannerMessage | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<ChangeEmailValues>({
    resolver: accountResolver<ChangeEmailValues>('changeEmailSchema'),
  });

  const onSubmit = async ({ newEmail }: ChangeEmailValues) => {
    setResult(null);
    const { authClient } = await import('../auth/auth-client');
    const { error } = await authClient.changeEmail({ newEmail, callbackURL: '/settings/general' });
    if (error) return setResult({ kind: 'error', text: authErrorMessage(error) });
    setResult({
      kind: 'success',
      text: `We've sent a confirmation link to ${newEmail}. Your email changes once you open it.`,
    });
    reset();
  };

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-stone-900">Change email</h2>
      {result && <Banner kind={result.kind}>{result.text}</Banner>}
      <AccountForm
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        isSubmitting={formState.isSubmitting}
        submitLabel="Send confirmation link"
        busyLabel="Sending…"
        buttonClassName={secondaryButton}
      >
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          error={formState.errors.newEmail?.message}
          {...register('newEmail')}
        />
      </AccountForm>
    </div>
  );
}
