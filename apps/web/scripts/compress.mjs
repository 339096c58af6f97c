// Writes .br and .gz siblings of the built assets; the server sends them to browsers that accept them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|css|html|svg|json|txt)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (compressible.test(name)) yield full;
  }
}

let files = 0;
for (const file of walk(dist)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  files++;
}
console.log(`compressed ${files} assets`);
