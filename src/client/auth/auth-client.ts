import { createAuthClient } from 'better-auth/client';

// Better Auth's own browser client for account calls (sign-in, sign-up, sign-out, resets) against /api/auth.
export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });
