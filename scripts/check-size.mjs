#!/usr/bin/env node
/**
 * The byte budget of the home page (issue #2): the JavaScript that the home route needs before
 * it is interactive — the entry chunk, its static imports, the home page chunk and the English
 * bundles it loads — must stay under 130 KB gzip, and none of the heavy libraries may be in it.
 * Reads dist/chunk-report.json written by the build (vite.config.ts).
 *
 * And the page's own HTML (issue #42 point 5, decision 140): index.html, gzipped, must fit in
 * the first round trip of a new connection (TCP's initial window: 10 segments of 1,460 bytes,
 * less the response's headers), or every first paint, home's and the checkout's, waits for a
 * second one (150 ms on Lighthouse's slow 4G).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const budgetKb = Number(process.env.HOME_JS_BUDGET_KB ?? 130);
/** 10 × 1,460 bytes, less room for the response's headers. */
const documentBudget = 14 * 1024;
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

const documentBytes = gzipSync(readFileSync(join(dist, 'index.html')), { level: 6 }).length;
console.log(
  `index.html: ${(documentBytes / 1024).toFixed(1)} KB gzip (budget ${documentBudget / 1024} KB: the first round trip)`,
);

const problems = [];
if (totalKb > budgetKb) problems.push(`over budget by ${(totalKb - budgetKb).toFixed(1)} KB`);
if (documentBytes > documentBudget) {
  problems.push(
    `index.html is ${((documentBytes - documentBudget) / 1024).toFixed(1)} KB over its first round trip`,
  );
}
for (const [label, pattern] of forbidden) {
  const hit = [...initial].find((file) => report[file].moduleIds.some((id) => pattern.test(id)));
  if (hit) problems.push(`${label} is in the initial load (${hit})`);
}
if (problems.length) {
  console.error(`Byte budget check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Byte budget check passed.');
