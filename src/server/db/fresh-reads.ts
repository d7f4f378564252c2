// A read that must see the database as it is now, not as a copy kept from before the caller asked: a booking
// refused from this instance's copies confirms the refusal this way (reservations/guest-admission.ts).
// On a release night a thousand such refusals of one date come within a second; one read each would queue behind
// each other (SQLite's one connection, PostgreSQL's pool). So the reads of one key are shared: a caller joins the
// read that will start next, never one already running (that one may have begun before the caller asked), and
// the next starts as soon as the running one ends. Each caller waits for at most two reads, whatever the crowd.

const ignore = () => undefined;

/** `read`, shared among callers of the same key as above. */
export function sharedFreshReads<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const inFlight = new Map<K, { running: Promise<T>; next: Promise<T> | undefined }>();
  const start = (key: K): Promise<T> => {
    // Started in a promise, so a read that throws at once fails its callers and does not hold its key.
    const running = Promise.resolve(key).then(read);
    const state: { running: Promise<T>; next: Promise<T> | undefined } = { running, next: undefined };
    inFlight.set(key, state);
    // Registered before any `next`, so it runs first: when no one is waiting for a next read, the key is done.
    const ended = () => {
      if (inFlight.get(key) === state && !state.next) inFlight.delete(key);
    };
    state.running.then(ended, ended);
    return state.running;
  };
  return (key) => {
    const state = inFlight.get(key);
    if (!state) return start(key);
    return (state.next ??= state.running.then(ignore, ignore).then(() => start(key)));
  };
}
