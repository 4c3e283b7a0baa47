#!/usr/bin/env node
// Client size: the JavaScript a first visit to the home page downloads (the entry script and every chunk the
// built index.html preloads), gzip-compressed as the server sends it, against the 180 KB budget; and the route
// chunks that load only when their page is opened. Needs `npm run build:client`.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../client/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = initial.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
const total = rows.reduce((s, [, n]) => s + n, 0);
const all = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const lazy = all.filter((f) => !initial.includes(f));
console.log(
  `\nClient JavaScript for a first visit to / (gzip -9): ${kb(total)} in ${rows.length} files (budget 180 KB); ${lazy.length} more chunks load on demand (${kb(lazy.reduce((s, f) => s + gz(f), 0))})\n`,
);
console.log('| file | gzip |\n|---|---|');
for (const [f, n] of rows.slice(0, 8)) console.log(`| ${f.replace(/-[\w-]{8}\.js$/, '.js')} | ${kb(n)} |`);
