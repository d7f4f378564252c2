import { SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';

// Kysely's SQLite driver guards its one connection with a lock that wakes every waiter at each release, all of
// them racing for it again: with two thousand requests waiting (a release night), each query's end woke two
// thousand promises, and the CPU went to the waking (2,000 concurrent queries took 1.7 times as long as with
// this lock); a request arriving at the moment of a release also took the connection ahead of those waiting.
// This lock hands the connection to the longest waiter, one wake per release. Kysely's own lock stays inside,
// always free by the time it is asked.

/** A first-come, first-served lock: `release` passes it to the next in line, or frees it. */
export class FifoLock {
  #waiting: (() => void)[] = [];
  #held = false;

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** Whether someone holds it now (a query running, or a transaction open). */
  get held(): boolean {
    return this.#held;
  }

  /** How many wait for it now. */
  get waiting(): number {
    return this.#waiting.length;
  }
}

class FifoSqliteDriver extends SqliteDriver {
  readonly #lock: FifoLock;

  constructor(config: SqliteDialectConfig, lock: FifoLock) {
    super(config);
    this.#lock = lock;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#lock.release();
  }
}

/** Kysely's SQLite dialect, its one connection handed out in the order it was asked for. */
export class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #lock = new FifoLock();

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new FifoSqliteDriver(this.#config, this.#lock);
  }

  /**
   * Whether the connection is free now: no query holds it, none waits for it, no transaction is open. A statement
   * run synchronously while it is free runs as if it had taken its turn (database.ts, `readNow`).
   */
  get connectionFree(): boolean {
    return !this.#lock.held;
  }
}
