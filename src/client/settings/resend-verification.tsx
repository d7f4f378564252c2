import { useState } from 'react';
import { authErrorMessage } from '../auth/auth-error-message';
import { Banner, type BannerMessage } from '../components/banner';
import { secondaryButton } from '../components/buttons';

export function ResendVerification({ email }: { email: string }) {
  const [result, setResult] = useState<BannerMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    const { authClient } = await import('../auth/auth-client');
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
      <Banner kind="warning">Your email address is not verified yet. Open the link we sent you to confirm it.</Banner>
      <button type="button" className={secondaryButton} onClick={() => void resend()} disabled={busy}>
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      {result && <Banner kind={result.kind}>{result.text}</Banner>}
    </div>
  );
}
