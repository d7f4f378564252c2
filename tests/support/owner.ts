/** The restaurant's owner (the admin) that the test servers are started with: sign in with these. */
export const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };

/** The environment that makes OWNER the admin of a test server (ADMIN_EMAIL and ADMIN_PASSWORD). */
export const OWNER_ENV = { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
