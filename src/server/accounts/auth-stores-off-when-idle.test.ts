import { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAdapter,
  hasRequestState,
  runWithAdapter,
  runWithEndpointContext,
  runWithRequestState,
  tryGetCurrentAuthEndpointContext,
} from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { offWhenIdle, turnAuthStoresOffWhenIdle } from './auth-stores-off-when-idle';

/**
 * Work left waiting inside a run: `read` runs when `release` is called, in the context of the run that made it. Once
 * its store is off, that context holds no store any more: how these tests see that a store was turned off.
 */
function leftWaiting<T>(read: () => T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, seen: gate.then(read) };
}

describe('a store turned off when idle', () => {
  it('keeps its value for a run under way when another ends, and is off once the last has ended', async () => {
    const store = new AsyncLocalStorage<string>();
    offWhenIdle(store);
    let bSeen: string | undefined;
    let first!: ReturnType<typeof leftWaiting<string | undefined>>;
    let aGoesOn!: () => void;
    const aWaits = new Promise<void>((resolve) => (aGoesOn = resolve));
    const a = store.run('a', async () => {
      first = leftWaiting(() => store.getStore());
      await aWaits;
      return store.getStore();
    });
    await store.run('b', async () => {
      await Promise.resolve();
      bSeen = store.getStore();
    });
    // b has ended while a is still under way: a keeps its value.
    expect(bSeen).toBe('b');
    aGoesOn();
    expect(await a).toBe('a');
    // Both have ended: what a left waiting finds no store.
    first.release();
    expect(await first.seen).toBeUndefined();
  });

  it('counts nested runs, and a run whose callback throws', async () => {
    const store = new AsyncLocalStorage<string>();
    offWhenIdle(store);
    let waiting!: ReturnType<typeof leftWaiting<string | undefined>>;
    const inner = await store.run('outer', async () => {
      expect(() =>
        store.run('thrown', () => {
          throw new Error('boom');
        }),
      ).toThrow('boom');
      await store.run('inner', async () => {
        await Promise.resolve();
      });
      waiting = leftWaiting(() => store.getStore());
      await Promise.resolve();
      return store.getStore();
    });
    expect(inner).toBe('outer');
    waiting.release();
    expect(await waiting.seen).toBeUndefined();
  });

  it('comes back on at the next run', async () => {
    const store = new AsyncLocalStorage<number>();
    offWhenIdle(store);
    store.run(1, () => undefined);
    const seen = await store.run(2, async () => {
      await Promise.resolve();
      return store.getStore();
    });
    expect(seen).toBe(2);
  });
});

describe("Better Auth's stores", () => {
  // An unturned store would still hand each value below to the work its run left waiting.
  it('are each off once their runs have ended', async () => {
    await turnAuthStoresOffWhenIdle();
    const adapter = { id: 'the adapter' } as unknown as Parameters<typeof runWithAdapter>[0];
    const fallback = { id: 'the fallback' } as unknown as Parameters<typeof getCurrentAdapter>[0];
    const endpoint = { path: '/sign-in' } as unknown as Parameters<typeof runWithEndpointContext>[0];

    const requestState = await runWithRequestState(new WeakMap(), () => leftWaiting(() => hasRequestState()));
    const adapterState = await runWithAdapter(adapter, () => leftWaiting(() => getCurrentAdapter(fallback)));
    const endpointState = await runWithEndpointContext(endpoint, () =>
      leftWaiting(() => tryGetCurrentAuthEndpointContext()),
    );

    for (const waiting of [requestState, adapterState, endpointState]) waiting.release();
    expect(await requestState.seen).toBe(false);
    expect(await adapterState.seen).toBe(fallback);
    expect(await endpointState.seen).toBeUndefined();
  });
});
