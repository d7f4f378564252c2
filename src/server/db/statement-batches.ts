import DataLoader from 'dataloader';
import type { Dialect } from './database';

/** How long lookups wait for a statement under way before they go on their own (a database that hangs holds one). */
export const BATCH_WAIT_MS = 100;

/**
 * Lookups that share statements: on a release night two thousand guests ask at once, and a statement each was a
 * round trip each (on PostgreSQL, a socket write that costs the server as much CPU as an availability answer).
 * A lookup made while none of this kind's statements is under way goes at the end of this turn of the event loop,
 * with the others made in it; those made during a statement go together when it ends, or after BATCH_WAIT_MS if it
 * has not, so a hung statement never holds the next ones beyond their own time limit. Nothing is kept between
 * batches: each lookup's statement begins after the lookup was made.
 *
 * `run` gets the keys in the order they were looked up (a key looked up twice comes twice) and answers each, in
 * that order; when it throws, every lookup in its batch fails with its error.
 *
 * `alone` runs each lookup at once, in a statement of its own: for SQLite, where a statement is a call inside the
 * process and not a round trip, so a batch saves little and its wait (a turn of the event loop, long on a release
 * night) is all cost: every booking would wait it before its copy is even consulted (docs/decisions/0016).
 */
export function statementBatches<K, V>(
  run: (keys: readonly K[]) => Promise<V[]>,
  { maxBatchSize = 100, alone = false }: { maxBatchSize?: number; alone?: boolean } = {},
): (key: K) => Promise<V> {
  if (alone) return async (key) => (await run([key]))[0] as V;
  let running = 0;
  const waiting = new Set<() => void>();
  const goNext = () => waiting.values().next().value?.();
  const loader = new DataLoader<K, V>(
    async (keys) => {
      running++;
      try {
        return await run(keys);
      } finally {
        running--;
        goNext();
      }
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (!running) return void setImmediate(dispatch);
        const go = () => {
          if (!waiting.delete(go)) return;
          clearTimeout(timer);
          dispatch();
        };
        const timer = setTimeout(go, BATCH_WAIT_MS);
        waiting.add(go);
      },
      maxBatchSize,
    },
  );
  return (key) => loader.load(key);
}

/**
 * Batches where a statement is a round trip (PostgreSQL); on SQLite, where it is a call inside the process, each
 * lookup runs at once (`alone` above).
 */
export function roundTripBatches<K, V>(
  dialect: Dialect,
  run: (keys: readonly K[]) => Promise<V[]>,
): (key: K) => Promise<V> {
  return statementBatches(run, { alone: dialect === 'sqlite' });
}
