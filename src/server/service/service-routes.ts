import { Hono } from 'hono';
import { serviceChangeSchema } from '../../booking/service-schemas';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { setServiceStatus, type ServiceDeps } from './set-service-status';

// The host stand (decision 0017): the host's marks on a party. Admin only.
export function serviceRoutes(deps: ServiceDeps) {
  return new Hono<AppEnv>().post(
    '/reservations/:id/service',
    validate('param', idParam),
    validate('json', serviceChangeSchema),
    async (c) => {
      const actor = requireAdmin(c);
      const reservation = await setServiceStatus({
        deps,
        actor,
        id: c.req.valid('param').id,
        change: c.req.valid('json'),
      });
      return c.json({ reservation });
    },
  );
}
