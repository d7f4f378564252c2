// The types every request carries through the app, in a module that imports nothing of the server itself, so
// that routes, guards and middleware can all name them without import cycles.

import type { Role } from '../../booking/booking-window';

export type { Role };

/** The signed-in account as Better Auth's session carries it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

export interface Session {
  user: SessionUser;
  session: { id: string; token: string; createdAt: Date };
}

/** The caller of a request, decided once per request from the session cookie (http/session-lookup.ts). */
export interface Actor {
  userId: string;
  /** The account's current email, lower-cased. */
  email: string;
  role: Role;
}

export interface AppEnv {
  Variables: {
    session: Session | null;
    actor: Actor | null;
  };
}
