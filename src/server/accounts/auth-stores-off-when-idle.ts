import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * Better Auth keeps the context of each of its calls (the request, the endpoint, the adapter in a transaction) in
 * AsyncLocalStorage. On Node 20 a store, once run, stays on, and while any store is on an async hook runs for every
 * promise the process makes: measured here, an await cost four to five times as much. Every request paid for it
 * (8-10% of the server's time on a release night, docs/benchmarks.md), though most never call Better Auth.
 * So each of Better Auth's stores is turned off when its last run has ended, and Node turns it on at the next run.
 */
export async function turnAuthStoresOffWhenIdle(): Promise<void> {
  // The same stores Better Auth uses: each getter makes its store once and keeps it process-wide.
  const stores = await Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  for (const store of stores) offWhenIdle(store);
}

/** The part of an AsyncLocalStorage used here (Better Auth's stores come typed by its own copy of Node's types). */
interface Store {
  run: (...args: never[]) => unknown;
  disable(): void;
}

const counted = new WeakSet<Store>();

/**
 * Counts the runs of `store` under way (nested or side by side) and turns it off when the count is back at 0. A run's
 * work is over when its callback has returned, or when the promise it returned has settled; work it left running
 * unawaited would find no store after that (Better Auth awaits its background tasks unless told otherwise).
 */
export function offWhenIdle(store: Store): void {
  if (counted.has(store)) return;
  counted.add(store);
  const run = store.run.bind(store) as (...args: unknown[]) => unknown;
  let running = 0;
  const ended = () => {
    running -= 1;
    if (running === 0) store.disable();
  };
  store.run = (...args: unknown[]) => {
    running += 1;
    let result: unknown;
    try {
      result = run(...args);
    } catch (error) {
      ended();
      throw error;
    }
    if (isThenable(result)) {
      // Beside the caller's own wait on `result`, which is still what is handed back.
      Promise.resolve(result).then(ended, ended);
    } else {
      ended();
    }
    return result;
  };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';
