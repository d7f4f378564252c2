// Preloaded into the server (NODE_OPTIONS=--import=<this file>) by bench/release.ts when BENCH_CPU_PROF is set:
// a first SIGUSR2 starts V8's CPU profiler, the next stops it and writes the profile to CPU_PROFILE_FILE (open
// it in Chrome's DevTools, Performance tab, or any .cpuprofile viewer). So the profile holds the scenario only,
// not the start or the preparation. (--cpu-prof itself is not allowed in NODE_OPTIONS.)
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.CPU_PROFILE_FILE;
const session = new Session();
session.connect();
let running = false;

process.on('SIGUSR2', () => {
  if (!file) return;
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) console.error(`CPU profile not written: ${error.message}`);
    else writeFileSync(file, JSON.stringify(result.profile));
  });
});
