import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { accountResolver, preloadAccountValidation } from './account-resolver';
import type { ReauthenticateValues } from '../../booking/account-schemas';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { TextField } from '../components/text-field';

interface Props {
  email: string;
  failure: string | null;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** The spec's re-authenticate dialog: asks for the current password when the sign-in is not recent. */
export function ReauthenticateDialog({ email, failure, onConfirm, onCancel }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, formState } = useForm<ReauthenticateValues>({
    resolver: accountResolver<ReauthenticateValues>('reauthenticateSchema'),
  });

  // A modal <dialog> traps focus and closes on Escape, as a screen-reader user expects.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="reauth-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-black/40"
      onCancel={onCancel}
    >
      <h2 id="reauth-title" className="text-lg font-semibold text-stone-900">
        Confirm it's you
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        For your security, please enter the password of {email} to continue.
      </p>
      {failure && (
        <Banner kind="error" className="mt-4">
          {failure}
        </Banner>
      )}
      <form
        onFocus={preloadAccountValidation}
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => void handleSubmit(({ password }) => onConfirm(password))(event)}
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Checking…' : 'Confirm'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
