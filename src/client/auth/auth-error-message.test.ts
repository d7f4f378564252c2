import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  const refused = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 };

  it('points a refused sign-in to the Google button only where there is one', () => {
    expect(authErrorMessage(refused, { googleSignIn: true })).toBe(
      'Invalid email or password. If you previously signed in with Google, try using the Google button instead.',
    );
    expect(authErrorMessage(refused, { googleSignIn: false })).toBe('Invalid email or password.');
    expect(authErrorMessage(refused)).toBe('Invalid email or password.');
  });

  it('says what else went wrong in words', () => {
    expect(authErrorMessage({ status: 429 })).toBe('Too many attempts. Please wait a minute and try again.');
    expect(authErrorMessage({ status: 0 })).toBe('Cannot reach the server. Check your connection and try again.');
    expect(authErrorMessage({ code: 'SOMETHING', message: 'Provider says no', status: 400 })).toBe('Provider says no');
  });
});
