// Development: the API with reload on change (tsx watch, port 3000) and the Vite dev server (port 5173,
// proxying /api to the API). Stop with Ctrl+C.
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';

// Both sides import the shared package's compiled output.
execSync('npm run build -w @clinic/shared', { stdio: 'inherit' });

const children = [
  // Same data folder as `npm start` (./data at the repository root) unless DATA_DIR says otherwise.
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], {
    cwd: 'apps/api',
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? path.resolve('data') },
  }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) stop(); });
