import { Hono } from 'hono';
import { serviceChangeSchema } from '../../booking/service-schemas';
import { walkInSchema } from '../../booking/walk-in-schemas';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { seatWalkIn } from './seat-walk-in';
import { setServiceStatus, type ServiceDeps } from './set-service-status';

// The host stand (decision 0017): the host's marks on a party, and walk-ins. Admin only.
export function serviceRoutes(deps: ServiceDeps) {
  return new Hono<AppEnv>()
    .post('/reservations/:id/service', validate('param', idParam), validate('json', serviceChangeSchema), async (c) => {
      const actor = requireAdmin(c);
      const reservation = await setServiceStatus({
        deps,
        actor,
        id: c.req.valid('param').id,
        change: c.req.valid('json'),
      });
      return c.json({ reservation });
    })
    .post('/walk-ins', validate('json', walkInSchema), async (c) => {
      const actor = requireAdmin(c);
      const reservation = await seatWalkIn({ deps, actor, input: c.req.valid('json') });
      return c.json({ reservation }, 201);
    });
}
