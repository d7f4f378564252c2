import { z } from 'zod';
import * as accountMessages from '../shared/messages/account';
import * as formMessages from '../shared/messages/forms';
import { personName } from '../shared/one-line-text';

// Account form rules with the spec's messages (SPEC section 5, Auth), shared by the forms and the tests.

const email = z.string().trim().min(1, formMessages.enterEmail).pipe(z.email(formMessages.invalidEmail));

export const MIN_PASSWORD_LENGTH = 8;

/** An account's display name, from sign-up (where the form sends the email's local part) or a profile update. */
export const profileName = personName;

const newPassword = z
  .string()
  .min(1, accountMessages.enterPassword)
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

const confirmPassword = z.string().min(1, accountMessages.enterPasswordAgain);
const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatch = { message: accountMessages.passwordMismatch, path: ['confirmPassword'] };

export const signInSchema = z.object({ email, password: z.string().min(1, accountMessages.enterPassword) });
export const signUpSchema = z
  .object({ email, password: newPassword, confirmPassword })
  .refine(passwordsMatch, mismatch);
export const forgotPasswordSchema = z.object({ email });
export const newPasswordSchema = z.object({ password: newPassword, confirmPassword }).refine(passwordsMatch, mismatch);
export const reauthenticateSchema = z.object({ password: z.string().min(1, accountMessages.enterYourPassword) });
export const changeEmailSchema = z.object({ newEmail: email });

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type ReauthenticateValues = z.infer<typeof reauthenticateSchema>;
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;
