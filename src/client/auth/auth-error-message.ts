// Turns a Better Auth client error into the words the guest reads.

import * as accountMessages from '../../shared/messages/account';
import { OFFLINE_MESSAGE } from '../api/api-client';

export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  /** The app's own refusals (before Better Auth is reached) come in the app's one error shape. */
  error?: { message?: string; code?: string } | undefined;
}

/** `googleSignIn`: whether the page offers the Google button, which a refused sign-in may then point to. */
export function authErrorMessage(error: AuthClientError, { googleSignIn = false } = {}): string {
  // A write from an address the app is not served at: the server names the address to open.
  if (error.error?.code === 'cross_origin' && error.error.message) return error.error.message;
  // One account's back-off after wrong passwords says how long to wait; the per-address limit does not.
  if (error.status === 429 && error.code === 'SIGN_IN_BACKOFF' && error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD')
    return googleSignIn ? accountMessages.invalidLoginTryGoogle : accountMessages.invalidLogin;
  if (error.code === 'INVALID_PASSWORD') return 'That password is not correct.';
  if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return 'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.';
  }
  if (error.status === 0) return OFFLINE_MESSAGE;
  return error.message || 'Something went wrong. Please try again.';
}
