import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { hasBegun } from '../../booking/booking-window';
import { todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import type { ReauthenticateValues } from '../../booking/account-schemas';
import { appConfig } from '../app-config';
import { accountResolver, preloadAccountValidation } from '../auth/account-resolver';
import { authErrorMessage } from '../auth/auth-error-message';
import { signInPath } from '../auth/safe-next';
import { SESSION_QUERY_KEY } from '../auth/use-auth';
import { Banner } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { TextField } from '../components/text-field';
import { formatLongDate, partyLabel, timeRange } from '../reservation-ui/format';
import { useMyReservations } from '../reservation-ui/use-reservation-queries';

/**
 * Settings > General: delete the account (the privacy policy's "user rights"). The password is asked again, and
 * the upcoming reservations it will cancel are listed first. The admin's account holds the book and stays.
 */
export function DeleteAccount({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  if (isAdmin) {
    return (
      <section className="space-y-2" aria-labelledby="delete-account-heading">
        <h2 id="delete-account-heading" className="text-lg font-semibold text-stone-900">
          Delete account
        </h2>
        <p className="text-sm text-stone-700">The admin account runs the reservation book and cannot be deleted.</p>
      </section>
    );
  }
  return (
    <section className="space-y-3" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className="text-lg font-semibold text-stone-900">
        Delete account
      </h2>
      <p className="text-sm text-stone-700">
        Deleting your account cancels your upcoming reservations and removes your name, phone number and email from past
        ones. It cannot be undone.
      </p>
      {open ? (
        <DeleteAccountForm
          onClose={() => {
            flushSync(() => setOpen(false));
            openButton.current?.focus();
          }}
        />
      ) : (
        <button ref={openButton} type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          Delete account…
        </button>
      )}
    </section>
  );
}

function DeleteAccountForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mine = useMyReservations();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ReauthenticateValues>({
    resolver: accountResolver<ReauthenticateValues>('reauthenticateSchema'),
  });
  const { timeZone } = appConfig;
  const [today, nowHhmm] = [todayIn(timeZone), clockIn(timeZone)];
  const upcoming = (mine.data?.reservations ?? []).filter((r) => !hasBegun(r, today, nowHhmm));

  const onSubmit = async ({ password }: ReauthenticateValues) => {
    setFailure(null);
    const { authClient } = await import('../auth/auth-client');
    const { error } = await authClient.deleteUser({ password });
    if (error) return setFailure(authErrorMessage(error));
    queryClient.clear();
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate(signInPath('/', 'Your account has been deleted.'), { replace: true });
  };

  return (
    <form
      onFocus={preloadAccountValidation}
      noValidate
      aria-label="Delete account"
      className="space-y-4 rounded-md border border-red-200 bg-red-50 p-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      {mine.isPending ? (
        <p className="text-sm text-stone-700">Checking your reservations…</p>
      ) : upcoming.length ? (
        <div className="text-sm text-stone-900">
          <p className="font-semibold">These upcoming reservations will be cancelled:</p>
          <ul className="mt-1 list-disc pl-5">
            {upcoming.map((r) => (
              <li key={r.id}>
                {formatLongDate(r.reservationDate)}, {timeRange(r.startTime, r.endTime)}, {partyLabel(r.partySize)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-stone-900">You have no upcoming reservations.</p>
      )}
      {failure && <Banner kind="error">{failure}</Banner>}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        hint="Enter your password to confirm."
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Deleting…' : 'Delete my account'}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Keep my account
        </button>
      </div>
    </form>
  );
}
