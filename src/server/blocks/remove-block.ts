import { AppError } from '../http/errors';
import { deleteBlock } from './block-store';
import type { BlockDeps } from './create-block';

/** The host lets blocked seats go: they are offered and assigned again at once. */
export async function removeBlock({ deps, id }: { deps: BlockDeps; id: string }): Promise<void> {
  const removed = await deleteBlock(deps.db, id);
  if (!removed) throw new AppError('not_found', 'This block was removed already. Please refresh the page.');
  deps.feed.publish({ type: 'blocks', firstDate: removed.firstDate, lastDate: removed.lastDate });
}
