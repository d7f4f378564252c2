import { useState, type ReactNode } from 'react';
import { authErrorMessage } from './auth-error-message';
import { Banner, type BannerMessage } from '../components/banner';
import { secondaryButton } from '../components/buttons';

/**
 * An address not confirmed yet, and the button that sends its link again: on the account settings page, and on
 * the page a guest lands on after signing up (`notice`, a welcome instead of the settings' warning).
 */
export function ResendVerification({ email, notice }: { email: string; notice?: ReactNode }) {
  const [result, setResult] = useState<BannerMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    const { authClient } = await import('./auth-client');
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/' });
    setBusy(false);
    setResult(
      error
        ? { kind: 'error', text: authErrorMessage(error) }
        : { kind: 'success', text: `We've sent a new link to ${email}.` },
    );
  };
  return (
    <div className="space-y-3">
      {notice ?? (
        <Banner kind="warning">Your email address is not verified yet. Open the link we sent you to confirm it.</Banner>
      )}
      <button type="button" className={secondaryButton} onClick={() => void resend()} disabled={busy}>
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      {result && <Banner kind={result.kind}>{result.text}</Banner>}
    </div>
  );
}
