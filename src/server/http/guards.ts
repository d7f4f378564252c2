import type { Context } from 'hono';
import * as adminMessages from '../../shared/messages/admin';
import type { Actor, AppEnv } from './app-env';
import { AppError } from './errors';

// Who is asking, decided on the server for every endpoint from the session cookie alone (http/session-lookup.ts).

export function requireUser(c: Context<AppEnv>): Actor {
  const actor = c.get('actor');
  if (!actor) throw new AppError('unauthenticated', 'Please sign in to continue.');
  return actor;
}

export function requireAdmin(c: Context<AppEnv>): Actor {
  const actor = requireUser(c);
  if (actor.role !== 'admin') throw new AppError('forbidden', adminMessages.accessDenied);
  return actor;
}
