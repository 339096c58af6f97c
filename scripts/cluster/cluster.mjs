#!/usr/bin/env node
// npm run cluster -- up|down|status   (see docs/deploy.md)
import { down, log, status, up } from './lib.mjs';

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'up') await up();
  else if (command === 'down') await down({ keep: rest.includes('--keep') });
  else if (command === 'status') await status();
  else {
    process.stderr.write('usage: npm run cluster -- up | down [--keep] | status\n');
    process.exit(2);
  }
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
