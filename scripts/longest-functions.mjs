#!/usr/bin/env node
// The longest functions in src/ (tests left out), by lines from their first line to their last: prints the ten
// longest and how many are over the limit (80 lines: a function a reader takes in at once); with --check, fails when
// one is. A function's length includes the functions inside it, which are also listed on their own.
// Usage: node scripts/longest-functions.mjs [--check] [limit=80]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
const LIMIT = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 80);
const ROOT = 'src';

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What a reader calls the function: its name, its variable's, its property's, or where it is passed. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const found = [];
for (const file of sourceFiles(ROOT)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ where: `${relative('.', file)}:${start + 1}`, name: nameOf(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines);
console.log(`The ten longest functions in ${ROOT}/ (limit ${LIMIT} lines):`);
for (const f of found.slice(0, Number(process.env.SHOW ?? 10)))
  console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.where}`);
const over = found.filter((f) => f.lines > LIMIT);
console.log(`${over.length} over ${LIMIT} lines.`);
if (CHECK && over.length) process.exitCode = 1;
