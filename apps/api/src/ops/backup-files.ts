import { existsSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

/* The data folder's files as backup and restore handle them: walking the uploads, and writing to the disk for good. */

async function* walk(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Uploaded files under DATA_DIR/uploads, as relative '/'-separated paths (the temporary folder left out). */
export async function* uploadedFiles(uploads: string): AsyncGenerator<{ full: string; rel: string }> {
  for await (const full of walk(uploads)) {
    const rel = path.relative(uploads, full).split(path.sep).join('/');
    if (rel.startsWith('tmp/')) continue;
    yield { full, rel };
  }
}

export async function fsyncPath(p: string): Promise<void> {
  const handle = await open(p, 'r');
  try { await handle.sync(); } finally { await handle.close(); }
}

export async function writeDurably(file: string, data: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function* directories(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* directories(path.join(dir, entry.name));
  }
  yield dir;
}

