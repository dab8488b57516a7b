#!/usr/bin/env node
/**
 * The byte budget of the home page (issue #2): the JavaScript that the home route needs before
 * it is interactive — the entry chunk, its static imports, the home page chunk and the English
 * bundles it loads — must stay under 130 KB gzip, and none of the heavy libraries may be in it.
 * Reads dist/chunk-report.json written by the build (vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const budgetKb = Number(process.env.HOME_JS_BUDGET_KB ?? 130);
const forbidden = [
  ['@google/genai', /node_modules\/@google\/genai\//],
  ['three', /node_modules\/three\//],
  ['mermaid', /node_modules\/mermaid\//],
  ['qrcode', /node_modules\/qrcode\//],
  ['Burmese font', /node_modules\/@fontsource\/noto-sans-myanmar\//],
  ['Burmese translations', /locales\/my\//],
];

const report = JSON.parse(readFileSync(join(dist, 'chunk-report.json'), 'utf8'));
const entries = Object.entries(report);
const entry = entries.find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('No entry chunk in chunk-report.json');

const byModule = (pattern) =>
  entries.find(([, chunk]) => pattern.test(chunk.facadeModuleId ?? ''))?.[0];
const homeRoots = [
  entry,
  byModule(/src\/pages\/home-page\.tsx$/),
  byModule(/locales\/en\/home\.json$/),
].filter(Boolean);

const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  for (const next of report[file]?.imports ?? []) visit(next);
};
homeRoots.forEach(visit);

let total = 0;
const rows = [];
for (const file of initial) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows)
  console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
const totalKb = total / 1024;
console.log(`Home route initial JavaScript: ${totalKb.toFixed(1)} KB gzip (budget ${budgetKb} KB)`);

const problems = [];
if (totalKb > budgetKb) problems.push(`over budget by ${(totalKb - budgetKb).toFixed(1)} KB`);
for (const [label, pattern] of forbidden) {
  const hit = [...initial].find((file) => report[file].moduleIds.some((id) => pattern.test(id)));
  if (hit) problems.push(`${label} is in the initial load (${hit})`);
}
if (problems.length) {
  console.error(`Byte budget check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Byte budget check passed.');
