import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../http/errors';
import { requireUser } from '../http/guards';
import { validate } from '../http/validate';
import type { AccountEmails } from './account-emails';
import type { AdminGrants } from './admin-grants';
import { applyEmailAction } from './apply-email-action';
import { changePasswordWithFreshSession } from './change-password-fresh';
import * as accountMessages from '../../shared/messages/account';

interface Deps {
  auth: Auth;
  database: AppDatabase;
  emails: AccountEmails;
  adminGrants: AdminGrants;
  freshSessionSeconds: number;
}

// Account actions Better Auth has no endpoint for: the single-use email-action links, and a password
// change right after signing in. Everything else goes straight to Better Auth under /api/auth.
export function accountRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .post(
        '/email-action',
        validate(
          'json',
          z.object({ mode: z.string().max(40), oobCode: z.string().min(1, 'This link is invalid.').max(200) }),
        ),
        async (c) => {
          const { mode, oobCode } = c.req.valid('json');
          return c.json(await applyEmailAction(deps, mode, oobCode));
        },
      )
      // Whether a password-reset link can still be used (it is single-use, and lasts an hour): the page it opens
      // says so at once, instead of after the guest has typed a new password twice. Better Auth's own check answers
      // with a redirect a page cannot read.
      .post('/reset-link', validate('json', z.object({ token: z.string().min(1).max(200) })), async (c) => {
        const context = await deps.auth.$context;
        const found = await context.internalAdapter.findVerificationValue(
          `reset-password:${c.req.valid('json').token}`,
        );
        return c.json({ usable: Boolean(found && new Date(found.expiresAt) > new Date()) });
      })
      .post(
        '/password',
        validate('json', z.object({ newPassword: z.string().min(1, accountMessages.enterPassword).max(200) })),
        async (c) => {
          requireUser(c);
          const session = c.get('session');
          if (!session) throw new AppError('unauthenticated', 'Please sign in to continue.');
          await changePasswordWithFreshSession(
            deps.auth,
            session,
            c.req.valid('json').newPassword,
            deps.freshSessionSeconds,
          );
          return c.json({ status: true });
        },
      )
  );
}
