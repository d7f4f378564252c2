#!/usr/bin/env node
// Proves the lint rules on the layers still bite: writes each probe of tests/boundaries/probes.json into a copy of
// the project's src/, runs dependency-cruiser and ESLint there with the project's own configs, and checks that they
// report exactly the probes' rules at the probes' paths: a rule that a refactor widened until it catches nothing,
// or a probe that breaks a rule it was not meant to, fails the check. Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { probes, support, lint } = JSON.parse(readFileSync(join(root, 'tests/boundaries/probes.json'), 'utf8'));
const copy = mkdtempSync(join(tmpdir(), 'boundaries-'));

const write = (at, code) => {
  mkdirSync(dirname(join(copy, at)), { recursive: true });
  writeFileSync(join(copy, at), code);
};
const key = ({ rule, at }) => `${rule} at ${at}`;

try {
  cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
  for (const file of ['tsconfig.json', 'eslint.config.js', '.dependency-cruiser.cjs', 'package.json'])
    cpSync(join(root, file), join(copy, file));
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const { at, code } of [...probes, ...support, ...lint]) write(at, code);

  const cruise = JSON.parse(
    execFileSync(
      join(root, 'node_modules/.bin/depcruise'),
      ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: copy, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  );
  const reported = cruise.summary.violations.map((violation) => key({ rule: violation.rule.name, at: violation.from }));

  let linted = [];
  try {
    execFileSync(
      join(root, 'node_modules/.bin/eslint'),
      ['--format', 'json', '--no-warn-ignored', ...lint.map((probe) => probe.at)],
      { cwd: copy, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (failed) {
    // ESLint exits 1 when it reports errors: its JSON is still on stdout.
    linted = JSON.parse(failed.stdout).flatMap((result) =>
      result.messages.map((message) => key({ rule: message.ruleId, at: result.filePath.slice(copy.length + 1) })),
    );
  }

  const expected = new Set([...probes, ...lint].map(key));
  const found = new Set([...reported, ...linted]);
  const missing = [...expected].filter((probe) => !found.has(probe));
  const unexpected = [...found].filter((violation) => !expected.has(violation));
  if (missing.length || unexpected.length) {
    for (const probe of missing) console.error(`not reported: ${probe}`);
    for (const violation of unexpected) console.error(`reported, but no probe expects it: ${violation}`);
    process.exitCode = 1;
  } else {
    console.log(`boundaries: each of the ${expected.size} probes breaks exactly its rule, and nothing else does`);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
