// Copies the SQL migrations next to the compiled code, where the server looks for them.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'dist/db/migrations');
rmSync(target, { recursive: true, force: true });
cpSync(path.join(root, 'src/db/migrations'), target, { recursive: true });
