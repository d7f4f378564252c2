import { Hono } from 'hono';
import { z } from 'zod';
import {
  closureSchema,
  detailsSchema,
  hoursSchema,
  newTableSchema,
  rulesSchema,
  tableChangesSchema,
  trustedNetworkSchema,
} from '../../booking/settings-schemas';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { addClosure } from './add-closure';
import { addTable } from './add-table';
import { changeTable } from './change-table';
import { getSettings } from './get-settings';
import { removeClosure } from './remove-closure';
import { retireTable } from './retire-table';
import type { SettingsDeps } from './settings-deps';
import { updateDetails } from './update-details';
import { updateHours } from './update-hours';
import { updateRules } from './update-rules';
import { trustNetwork } from './trust-network';
import { distrustNetwork } from './distrust-network';

const tableParam = z.object({ id: z.string().min(1).max(10) });

// The owner's settings, the admin's alone: who is asking is decided before anything is read of the
// request, so a guest learns nothing, not even whether a body would pass. Then parse and call.
export function settingsRoutes(deps: SettingsDeps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireAdmin(c);
      await next();
    })
    .get('/', async (c) => c.json(await getSettings({ deps })))
    .put('/details', validate('json', detailsSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ details: await updateDetails({ deps, actor, input: c.req.valid('json') }) });
    })
    .put('/hours', validate('json', hoursSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ hours: await updateHours({ deps, actor, input: c.req.valid('json') }) });
    })
    .put('/rules', validate('json', rulesSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ rules: await updateRules({ deps, actor, input: c.req.valid('json') }) });
    })
    .post('/tables', validate('json', newTableSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ table: await addTable({ deps, actor, input: c.req.valid('json') }) }, 201);
    })
    .patch('/tables/:id', validate('param', tableParam), validate('json', tableChangesSchema), async (c) => {
      const actor = requireAdmin(c);
      const table = await changeTable({ deps, actor, id: c.req.valid('param').id, changes: c.req.valid('json') });
      return c.json({ table });
    })
    .delete('/tables/:id', validate('param', tableParam), async (c) => {
      const actor = requireAdmin(c);
      return c.json(await retireTable({ deps, actor, id: c.req.valid('param').id }));
    })
    .post('/closures', validate('json', closureSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ closure: await addClosure({ deps, actor, input: c.req.valid('json') }) }, 201);
    })
    .delete('/closures/:id', validate('param', idParam), async (c) => {
      const actor = requireAdmin(c);
      return c.json(await removeClosure({ deps, actor, id: c.req.valid('param').id }));
    })
    .post('/trusted-networks', validate('json', trustedNetworkSchema), async (c) => {
      const actor = requireAdmin(c);
      return c.json({ trustedNetwork: await trustNetwork({ deps, actor, input: c.req.valid('json') }) }, 201);
    })
    .delete('/trusted-networks/:id', validate('param', idParam), async (c) => {
      const actor = requireAdmin(c);
      return c.json(await distrustNetwork({ deps, actor, id: c.req.valid('param').id }));
    });
}
