import { setTimeout as sleep } from 'node:timers/promises';
import { mib, runSoak, soakMemory } from '../tests/support/soak-traffic';
import { createTestDatabase } from '../tests/support/test-database';
import { postgresAdminUrl } from './booking';
import { ADMIN, MB, withApp, type Figure } from './support';

// The soak (issue 18's third memory figure): the reliability suite's mixed traffic (tests/support/soak-traffic.ts:
// six guests browsing, booking, editing and cancelling as fast as they are answered, the admin reading the
// book with one day's live stream open) for BENCH_SOAK_SECONDS (300 by default) against the built app, on
// each database. The figure is the server's resident memory once the traffic stops, against the 200 MB the
// issue allows; the soak test judges growth, this prints where it ends.

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const RSS_TARGET_MB = 200;
const SETTLE_MS = 30_000;
const SECTION = `Soak (${SECONDS / 60} minutes of mixed traffic, built app)`;

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const on = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const database = await createTestDatabase(dialect === 'postgres' ? postgresAdminUrl() : undefined);
  return withApp(database, async (app) => {
    const soak = await runSoak(app.url, { seconds: SECONDS, admin: ADMIN, rss: () => app.rss() });
    await sleep(1000);
    const after = app.rss();
    await sleep(SETTLE_MS - 1000);
    const settled = app.rss();
    const memory = soakMemory(soak.memory, SECONDS);
    const { counts } = soak;
    console.log(`  soak on ${on}: RSS MiB timeline ${memory.timeline}`);
    return [
      {
        section: SECTION,
        name: `requests answered as expected on ${on}`,
        value: counts.requests - soak.failures.length,
        unit: '',
        target: 'every one',
        met: soak.failures.length === 0 && !soak.streamEndedEarly,
        note:
          `of ${counts.requests}: ${counts.booked} booked, ${counts.edited} edited, ${counts.moved} moved, ` +
          `${counts.cancelled} cancelled, ${counts.slotTaken} slot-taken 409s; ${soak.snapshots.length} stream ` +
          `snapshots` +
          (soak.failures.length ? `; first failure: ${soak.failures[0]}` : '') +
          (soak.streamEndedEarly ? '; the admin stream ended early' : ''),
      },
      {
        section: SECTION,
        name: `RSS after the soak on ${on}`,
        value: MB(after),
        unit: 'MB',
        target: `< ${RSS_TARGET_MB} MB`,
        met: MB(after) < RSS_TARGET_MB,
        note:
          `1 s after the last request; median over ${memory.judged ? 'the last minute' : 'the last fifth'} ` +
          `${MB(memory.end).toFixed(0)} MB, over ${memory.judged ? 'the minute after warm-up' : 'the second fifth'} ` +
          `${MB(memory.baseline).toFixed(0)} MB, peak ${MB(memory.peak).toFixed(0)} MB; ` +
          `${MB(settled).toFixed(0)} MB after ${SETTLE_MS / 1000} s idle (${mib(settled)} MiB)`,
      },
    ];
  });
}

export async function benchSoak(): Promise<Figure[]> {
  if (!(SECONDS >= 10)) throw new Error('BENCH_SOAK_SECONDS: at least 10 (seconds), so each window has samples');
  const figures: Figure[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    try {
      figures.push(...(await measure(dialect)));
    } catch (error) {
      console.error(`  soak on ${dialect} failed: ${(error as Error).message}`);
      figures.push({
        section: SECTION,
        name: `soak on ${dialect}`,
        value: Number.NaN,
        unit: '',
        target: 'runs',
        met: false,
        note: (error as Error).message.slice(0, 200),
      });
    }
  }
  return figures;
}
