import { sql, type Kysely } from 'kysely';
import type { Logger } from '../logger';
import type { Database } from './schema';

// Whether the database takes writes now, as readiness reports it (GET /api/health/ready) and as every request
// that fails on the database is answered (503 with a message, never a 500 or a hang). A write probe decides:
// a read would pass on a full disk, a read-only file system or a PostgreSQL standby.

/** Errors that mean "the database cannot be reached or cannot write", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  // Sockets: the server is down, restarting, unreachable, or dropped us.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: shut down, crashed, starting up, too many connections, disk full, out of memory, I/O error,
  // read-only (a standby after a failover, or default_transaction_read_only).
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53100',
  '53200',
  '58030',
  '25006',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /Query read timeout/i,
  /Connection ended unexpectedly/i,
];

/** Whether an error (or anything in its chain of causes) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
      // SQLite: disk full, I/O error, read-only file or database, cannot open, locked for too long.
      if (/^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|NOTADB)/.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** The shortest account of a database error for a log line or the readiness body. */
export function describeDatabaseError(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.split('\n')[0]! : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

export interface DatabaseState {
  ok: boolean;
  /** When the current state began. */
  since: Date;
  /** Why writes fail (absent while they succeed). */
  reason?: string;
}

/** While writes succeed, the probe runs this often; while they fail, more often, to notice the recovery. */
const PROBE_WHILE_UP_MS = 5_000;
const PROBE_WHILE_DOWN_MS = 1_000;

export function createDatabaseHealth(deps: { db: Kysely<Database>; logger: Logger }) {
  const { db, logger } = deps;
  let state: DatabaseState = { ok: true, since: new Date() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let probing: Promise<boolean> | undefined;

  const markDown = (error: unknown) => {
    const reason = describeDatabaseError(error);
    if (state.ok) {
      // One line per outage, no stack: an unreachable or full database is an expected fault.
      logger.error({ reason }, 'database unavailable: answering 503 and retrying until writes succeed again');
      state = { ok: false, since: new Date(), reason };
      schedule(PROBE_WHILE_DOWN_MS);
    } else {
      state = { ...state, reason };
    }
  };
  const markUp = () => {
    if (!state.ok) {
      logger.warn(
        { downFor: `${Math.round((Date.now() - state.since.getTime()) / 1000)} s` },
        'database back: writes succeed',
      );
      state = { ok: true, since: new Date() };
    }
  };

  /** One write to the probe row, now (shared by concurrent callers). */
  const probe = (): Promise<boolean> => {
    probing ??= sql`insert into health_probe (id, "checkedAt") values (1, ${new Date().toISOString()})
        on conflict (id) do update set "checkedAt" = excluded."checkedAt"`
      .execute(db)
      .then(
        () => {
          markUp();
          return true;
        },
        (error: unknown) => {
          markDown(error);
          return false;
        },
      )
      .finally(() => (probing = undefined));
    return probing;
  };

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void probe().finally(() => schedule(state.ok ? PROBE_WHILE_UP_MS : PROBE_WHILE_DOWN_MS));
    }, delay);
    timer.unref();
  }

  return {
    state: (): DatabaseState => state,
    /** Checks now whether writes succeed (a failing request asks before it answers 500). */
    probe,
    /** A request failed: when the error says the database is unavailable, readiness goes false at once. */
    reportFailure(error: unknown): boolean {
      if (!isDatabaseUnavailable(error)) return false;
      markDown(error);
      return true;
    },
    start() {
      stopped = false;
      schedule(0);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
