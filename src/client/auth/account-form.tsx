import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { primaryButton } from '../components/buttons';
import { TextField } from '../components/text-field';
import { preloadAccountValidation } from './account-resolver';

/**
 * The frame of every account form: the shared schemas' messages instead of the browser's own checks (noValidate),
 * their code fetched when the form is first focused, and a submit button that says what it is doing.
 */
export function AccountForm({
  onSubmit,
  isSubmitting,
  submitLabel,
  busyLabel,
  buttonClassName = `${primaryButton} w-full`,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  submitLabel: string;
  busyLabel: string;
  buttonClassName?: string;
  children: ReactNode;
}) {
  return (
    <form onFocus={preloadAccountValidation} noValidate className="space-y-4" onSubmit={onSubmit}>
      {children}
      <button type="submit" className={buttonClassName} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** A new password and its confirmation, as sign-up, the reset link and the password change ask for them. */
export function NewPasswordFields({
  labels,
  password,
  confirmPassword,
  errors,
}: {
  labels: { password: string; confirmPassword: string };
  password: UseFormRegisterReturn<'password'>;
  confirmPassword: UseFormRegisterReturn<'confirmPassword'>;
  errors: { password?: FieldError | undefined; confirmPassword?: FieldError | undefined };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
