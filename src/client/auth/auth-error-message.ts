// Turns a Better Auth client error into the words the guest reads.

import { OFFLINE_MESSAGE } from '../api/api-client';

export const INVALID_LOGIN_MESSAGE =
  'Invalid email or password. If you previously signed in with Google, try using the Google button instead.';

export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}

export function authErrorMessage(error: AuthClientError): string {
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return INVALID_LOGIN_MESSAGE;
  if (error.code === 'INVALID_PASSWORD') return 'That password is not correct.';
  if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return 'An account with this email already exists. Sign in instead, or reset your password.';
  }
  if (error.status === 0) return OFFLINE_MESSAGE;
  return error.message || 'Something went wrong. Please try again.';
}
