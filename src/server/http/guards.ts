import type { Context } from 'hono';
import * as messages from '../../booking/messages';
import { isAdmin, type SessionUser } from '../auth';
import type { AppEnv } from '../app';
import { AppError } from './errors';

// Who is asking, decided on the server for every endpoint from the session cookie alone.

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError(401, 'Please sign in to continue.', 'unauthenticated');
  return user;
}

export function requireAdmin(c: Context<AppEnv>, adminEmail: string | undefined): SessionUser {
  const user = requireUser(c);
  if (!isAdmin(user, adminEmail)) throw new AppError(403, messages.accessDenied, 'forbidden');
  return user;
}
