// `npm start`: builds the app when the build is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/server/index.js', 'dist/client/index.html'];
const inputs = ['src', 'index.html', 'public', 'package.json', 'vite.config.ts'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...inputs.map(newestMtime)) > builtAt) {
  console.log('Building the app (first start, or sources changed)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../dist/server/index.js');
