import { describe, expect, it } from 'vitest';
import { sharedFreshReads } from './fresh-reads';

/** Lets every promise callback queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A read the test finishes by hand, recording when each began and what the database said at that moment. */
function controlledReads() {
  let database = 0;
  const begun: { key: string; saw: number; finish: () => void }[] = [];
  const read = (key: string) =>
    new Promise<number>((resolve) => {
      const saw = database;
      begun.push({ key, saw, finish: () => resolve(saw) });
    });
  return { read, begun, write: () => database++ };
}

describe('sharedFreshReads', () => {
  it('never answers a caller with a read that began before it asked, and shares the next read among the crowd', async () => {
    const { read, begun, write } = controlledReads();
    const fresh = sharedFreshReads(read);
    const first = fresh('d');
    await settle();
    expect(begun).toHaveLength(1);
    // A write commits while the first read runs; everyone who asks now must see it.
    write();
    const crowd = [fresh('d'), fresh('d'), fresh('d')];
    await settle();
    expect(begun).toHaveLength(1);
    begun[0]!.finish();
    expect(await first).toBe(0);
    await settle();
    expect(begun).toHaveLength(2);
    begun[1]!.finish();
    expect(await Promise.all(crowd)).toEqual([1, 1, 1]);
  });

  it('keeps keys apart, and starts afresh once a key is idle', async () => {
    const { read, begun } = controlledReads();
    const fresh = sharedFreshReads(read);
    const a = fresh('a');
    const b = fresh('b');
    await settle();
    expect(begun.map((r) => r.key)).toEqual(['a', 'b']);
    begun.forEach((r) => r.finish());
    await Promise.all([a, b]);
    void fresh('a');
    await settle();
    expect(begun).toHaveLength(3);
  });

  it('a failed read fails its callers only; the next read still runs for those who asked meanwhile', async () => {
    let calls = 0;
    const fresh = sharedFreshReads(async () => {
      calls++;
      await settle();
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const failing = fresh('d');
    const waiting = fresh('d');
    await expect(failing).rejects.toThrow('connection lost');
    expect(await waiting).toBe(2);
  });

  it('a read that throws before it returns a promise does not leave its key stuck', async () => {
    let calls = 0;
    const fresh = sharedFreshReads((): Promise<number> => {
      calls++;
      if (calls === 2) throw new Error('no connection');
      return settle().then(() => calls);
    });
    const first = fresh('d');
    const second = fresh('d');
    expect(await first).toBe(1);
    await expect(second).rejects.toThrow('no connection');
    expect(await fresh('d')).toBe(3);
  });
});
