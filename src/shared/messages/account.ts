// The spec's messages for accounts: sign-in and sign-up, passwords, and the account-action links.

export const enterPassword = 'Please enter a password';
export const enterPasswordAgain = 'Please enter your password again';
export const passwordMismatch = "This doesn't match your password";
export const enterYourPassword = 'Please enter your password';
export const emailVerified = 'Your email has been verified. You may now close this window.';
export const emailRecovered = (email: string) =>
  `Your email has been set back to ${email}. We've also sent you a password reset email so that you can change your password if you think someone may have access to your account.`;
export const invalidMode = 'Invalid mode parameter';
/** A refused sign-in; the hint about Google only where the Google button is offered. */
export const invalidLogin = 'Invalid email or password.';
export const invalidLoginTryGoogle =
  'Invalid email or password. If you previously signed in with Google, try using the Google button instead.';
