#!/usr/bin/env node
// After `vite build` (or on the folder given as an argument): a Brotli (.br) and a gzip (.gz) copy of every text asset in client/dist, made once at
// build time at the highest levels, so the server sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../client/dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|map|xml|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && !name.endsWith('.map') && statSync(path).size > 1024) {
      const raw = readFileSync(path);
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      files++;
      before += raw.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(`compressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`);
