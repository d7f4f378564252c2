import { Hono } from 'hono';
import { z } from 'zod';
import { createBlockSchema } from '../../booking/block-schemas';
import { isIsoDate } from '../../booking/calendar';
import { blocksOn } from '../book/block-reads';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { createBlock, type BlockDeps } from './create-block';
import { removeBlock } from './remove-block';

const dateQuery = z.object({ date: z.string().refine(isIsoDate, 'Choose a date') });

// Blocked seats (decision 0017): the day's blocks, a new one, and letting one go. Admin only.
export function blockRoutes(deps: BlockDeps) {
  return new Hono<AppEnv>()
    .get('/blocks', validate('query', dateQuery), async (c) => {
      requireAdmin(c);
      return c.json({ blocks: await blocksOn(deps.db, c.req.valid('query').date) });
    })
    .post('/blocks', validate('json', createBlockSchema), async (c) => {
      const actor = requireAdmin(c);
      const block = await createBlock({ deps, actor, input: c.req.valid('json') });
      return c.json({ block }, 201);
    })
    .delete('/blocks/:id', validate('param', idParam), async (c) => {
      requireAdmin(c);
      await removeBlock({ deps, id: c.req.valid('param').id });
      return c.json({ removed: true });
    });
}
