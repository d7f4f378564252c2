import { z } from 'zod';
import { SERVICE_STATUSES } from '../shared/service-status';

/**
 * The host's mark on a party (POST /api/reservations/:id/service): the status the host saw and the one wanted.
 * A step forward or back one (undo); which are allowed is booking/service-steps.ts.
 */
export const serviceChangeSchema = z
  .object({
    from: z.enum(SERVICE_STATUSES),
    to: z.enum(SERVICE_STATUSES),
  })
  .strict();

export type ServiceChangeInput = z.infer<typeof serviceChangeSchema>;
