import { z } from 'zod';

// Query parameters the reservation routes share: bounded, so a long string is refused before any work.

/** A date as the routes take it; one that is not YYYY-MM-DD finds nothing (SPEC section 5). */
export const dateQuery = z.string().max(20);
/** The reservation an edit's availability leaves out (its own tables are free to it). */
export const excludeId = z.string().max(100).optional();
