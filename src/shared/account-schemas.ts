import { z } from 'zod';

// Account form rules with the spec's messages (SPEC section 5, Auth), shared by the forms and the tests.

const email = z
  .string()
  .trim()
  .min(1, 'Please enter an email address')
  .pipe(z.email('Please enter a valid email address'));

export const MIN_PASSWORD_LENGTH = 8;

const newPassword = z
  .string()
  .min(1, 'Please enter a password')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

const confirmPassword = z.string().min(1, 'Please enter your password again');
const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatch = { message: "This doesn't match your password", path: ['confirmPassword'] };

export const signInSchema = z.object({ email, password: z.string().min(1, 'Please enter a password') });
export const signUpSchema = z
  .object({ email, password: newPassword, confirmPassword })
  .refine(passwordsMatch, mismatch);
export const forgotPasswordSchema = z.object({ email });
export const newPasswordSchema = z.object({ password: newPassword, confirmPassword }).refine(passwordsMatch, mismatch);
export const reauthenticateSchema = z.object({ password: z.string().min(1, 'Please enter your password') });
export const changeEmailSchema = z.object({ newEmail: email });

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type ReauthenticateValues = z.infer<typeof reauthenticateSchema>;
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;
