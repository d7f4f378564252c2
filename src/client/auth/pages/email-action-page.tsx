import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/api-client';
import { Banner } from '../../components/banner';
import { primaryButton } from '../../components/buttons';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../layout/use-document-title';
import { SESSION_QUERY_KEY } from '../use-auth';
import * as accountMessages from '../../../shared/messages/account';

/** An email action is applied once per link, however often the page renders. */
const emailActionKey = (mode: string, code: string) => ['email-action', mode, code] as const;

/** /firebase-action?mode=...&oobCode=...: where every account email's link lands (SPEC section 2). */
export function EmailActionPage() {
  const [search] = useSearchParams();
  const mode = search.get('mode') ?? '';
  const oobCode = search.get('oobCode') ?? '';
  useDocumentTitle('Account');
  if (mode === 'resetPassword')
    return <Navigate replace to={`/auth/changepass?${new URLSearchParams({ oobCode }).toString()}`} />;
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold text-stone-900">Account</h1>
      {mode === 'verifyEmail' || mode === 'recoverEmail' ? (
        <ApplyAction mode={mode} oobCode={oobCode} />
      ) : (
        <Banner kind="error">{accountMessages.invalidMode}</Banner>
      )}
    </section>
  );
}

function ApplyAction({ mode, oobCode }: { mode: 'verifyEmail' | 'recoverEmail'; oobCode: string }) {
  const queryClient = useQueryClient();
  // A query (not an effect) so the single-use code is sent once, even under StrictMode's double render.
  const action = useQuery({
    queryKey: emailActionKey(mode, oobCode),
    queryFn: () => unwrap(api.account['email-action'].$post({ json: { mode, oobCode } })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (action.isSuccess) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [action.isSuccess, queryClient]);

  if (action.isPending) return <Spinner label="Checking your link" />;
  if (action.isError) return <Banner kind="error">{action.error.message}</Banner>;
  const result = action.data;
  // The admin's address: whoever signed up with it first is signed out and their password is gone, so the one
  // who clicked (the mailbox's owner) chooses the admin password now.
  const setPasswordCode = result.mode === 'verifyEmail' ? result.setPasswordCode : undefined;
  return (
    <div className="space-y-4">
      <Banner kind="success">
        {result.mode === 'recoverEmail' ? accountMessages.emailRecovered(result.email) : accountMessages.emailVerified}
      </Banner>
      {setPasswordCode ? (
        <>
          <p className="text-stone-800">
            This is the restaurant's admin address. To finish, choose the admin password (this link works for an hour).
          </p>
          <Link className={primaryButton} to={`/auth/changepass?${new URLSearchParams({ oobCode: setPasswordCode })}`}>
            Choose the admin password
          </Link>
        </>
      ) : (
        <Link className="text-sm text-red-900 underline" to="/">
          Make a reservation
        </Link>
      )}
    </div>
  );
}
