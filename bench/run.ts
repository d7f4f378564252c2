import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchAvailability } from './availability';
import { benchBooking } from './booking';
import { benchFrontEnd } from './front-end';
import { benchHostStand } from './host-stand';
import { benchLiveUpdates } from './live-updates';
import { benchRelease } from './release';
import { benchSoak } from './soak';
import { benchStartUp } from './start-up';
import { buildIfStale, foreignCpu, machine, type Figure } from './support';

// `npm run bench`: builds the app if dist/ is missing or stale, runs each measurement against the
// production build, prints one table of figures against their targets, and writes the same figures to
// bench/results/latest.json (gitignored). BENCH_ONLY=availability,booking,live,host-stand,release,soak,front-end,start-up
// runs a subset (the soak takes 5 minutes a database; BENCH_SOAK_SECONDS shortens it); BENCH_POSTGRES_URL
// names the PostgreSQL server to create throwaway databases on.

const RESULTS = 'bench/results/latest.json';
/** Busy cores outside the bench above which a measurement is flagged as disturbed. */
const QUIET_CORES = 0.1;

const measurements: Record<string, () => Promise<Figure[]>> = {
  availability: benchAvailability,
  booking: async () => [...(await benchBooking('sqlite')), ...(await benchBooking('postgres'))],
  live: async () => [...(await benchLiveUpdates('sqlite')), ...(await benchLiveUpdates('postgres'))],
  'host-stand': async () => [...(await benchHostStand('sqlite')), ...(await benchHostStand('postgres'))],
  release: benchRelease,
  soak: benchSoak,
  'front-end': benchFrontEnd,
  'start-up': benchStartUp,
};

const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(name in measurements)) ?? [];
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${Object.keys(measurements).join(', ')}`);
  process.exit(2);
}

const host = machine();
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout.trim() !== '';
console.log(
  `Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB RAM, Node ${host.node}, ${host.platform}, ` +
    `load average ${host.loadAverage} at start`,
);
console.log(`Commit: ${commit}${dirty ? ' (with uncommitted changes)' : ''}`);
console.log(buildIfStale() ? 'Built the app (dist/ was missing or stale).' : 'dist/ is up to date.');

const figures: Figure[] = [];
const failures: string[] = [];
// Busy cores outside the bench during each measurement, shown on its section's row.
const interference = new Map<string, number | undefined>();
const startedAt = performance.now();
for (const [name, measure] of Object.entries(measurements)) {
  if (only && !only.includes(name)) continue;
  console.log(`Measuring ${name}...`);
  const meter = foreignCpu();
  try {
    const measured = await measure();
    const cores = meter.stop();
    for (const figure of measured) interference.set(figure.section, cores);
    figures.push(...measured);
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message}`);
    console.error(`  ${name} failed: ${(error as Error).message}`);
  }
}

printTable(figures);
const disturbed = [...interference.values()].some((cores) => cores !== undefined && cores > QUIET_CORES);
if (disturbed) {
  console.log(
    `Other processes kept more than ${QUIET_CORES} of a core busy during some measurements (see the section rows):` +
      ' those figures are pessimistic; rerun on a quiet machine before quoting them.',
  );
}
const met = figures.filter((figure) => figure.met === true).length;
const missed = figures.filter((figure) => figure.met === false).length;
console.log(
  `${met} targets met, ${missed} missed${failures.length ? `, ${failures.length} measurements failed` : ''}` +
    ` (${((performance.now() - startedAt) / 1000).toFixed(0)} s).`,
);

mkdirSync('bench/results', { recursive: true });
const ranAt = new Date().toISOString();
const otherProcessesCores = Object.fromEntries(interference);
writeFileSync(
  RESULTS,
  JSON.stringify({ ranAt, commit, dirty, machine: host, otherProcessesCores, figures, failures }, null, 2) + '\n',
);
console.log(`Written to ${RESULTS}`);
if (failures.length) process.exitCode = 1;

function formatValue(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
}

/** A Markdown table, readable as printed and pasteable into the README; each section opens with a row. */
function printTable(rows: Figure[]) {
  const header = ['Measure', 'Figure', 'Target', 'Result', 'Note'];
  const cells = rows.map((figure) => [
    figure.name,
    `${formatValue(figure.value)} ${figure.unit}`.trim(),
    figure.target ?? '',
    figure.met === undefined ? '' : figure.met ? 'pass' : 'MISSED',
    figure.note ?? '',
  ]);
  const sections = [...new Set(rows.map((figure) => `**${figure.section}**`))];
  const widths = header.map((title, i) =>
    Math.max(
      title.length,
      ...cells.map((row) => row[i]!.length),
      ...(i === 0 ? sections.map((s) => s.length) : []),
      i === 4 ? 'other processes: 0.00 cores busy'.length : 0,
    ),
  );
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log('');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  let section = '';
  rows.forEach((figure, i) => {
    if (figure.section !== section) {
      section = figure.section;
      const cores = interference.get(section);
      const busy =
        cores === undefined ? 'other processes: not measured' : `other processes: ${cores.toFixed(2)} cores busy`;
      console.log(line([`**${section}**`, '', '', '', busy]));
    }
    console.log(line(cells[i]!));
  });
  console.log('');
}
