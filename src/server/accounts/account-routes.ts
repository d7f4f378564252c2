import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import { AppError } from '../http/errors';
import { requireUser } from '../http/guards';
import { validate } from '../http/validate';
import type { AccountEmails } from './account-emails';
import { applyEmailAction } from './apply-email-action';
import { changePasswordWithFreshSession } from './change-password-fresh';

interface Deps {
  auth: Auth;
  database: AppDatabase;
  emails: AccountEmails;
  freshSessionSeconds: number;
}

// Account actions Better Auth has no endpoint for: the single-use email-action links, and a password
// change right after signing in. Everything else goes straight to Better Auth under /api/auth.
export function accountRoutes(deps: Deps) {
  return new Hono<AppEnv>()
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
    .post(
      '/password',
      validate('json', z.object({ newPassword: z.string().min(1, 'Please enter a password').max(200) })),
      async (c) => {
        requireUser(c);
        const session = c.get('session');
        if (!session) throw new AppError(401, 'Please sign in to continue.', 'unauthenticated');
        await changePasswordWithFreshSession(
          deps.auth,
          session,
          c.req.valid('json').newPassword,
          deps.freshSessionSeconds,
        );
        return c.json({ status: true });
      },
    );
}
