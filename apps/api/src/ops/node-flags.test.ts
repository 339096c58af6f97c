import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's Node options are listed once (apps/api/node-flags.json): the test servers, the bench and the cluster
 * read them from there. `npm start` and the deployment guide write them out; they must say the same.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const flags = JSON.parse(read('apps/api/node-flags.json')) as string[];
const command = `node ${flags.join(' ')} apps/api/dist/server.js`;

describe('the server is started with its Node options', () => {
  it('by npm start', () => {
    expect(flags.length).toBeGreaterThan(0);
    expect((JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start).toContain(command);
  });

  it('in the deployment guide', () => {
    expect(read('docs/deploy.md')).toContain(`\`${command}\``);
  });
});
