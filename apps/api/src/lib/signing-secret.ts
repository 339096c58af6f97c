import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';

/**
 * The signing secret every API server of one PostgreSQL database shares when JWT_SECRET is not given: a random value in
 * the single row of `server_settings`, created by whichever server starts first (INSERT ... ON CONFLICT DO NOTHING,
 * so servers starting together agree) and read by all. Access tokens, file links and patient links are signed with
 * it (or with keys derived from it), so a request may land on any server.
 */
export async function sharedSigningSecret(database: Pick<Database, 'query'>): Promise<string> {
  await database.query(
    `insert into server_settings (id, signing_secret) values (1, $1) on conflict (id) do nothing`,
    [randomBytes(48).toString('base64url')],
  );
  const secret = await readSharedSigningSecret(database);
  if (!secret) throw new Error('server_settings holds no signing secret');
  return secret;
}

/** The shared signing secret, read without making one: '' when no server has made it yet. */
export async function readSharedSigningSecret(database: Pick<Database, 'query'>): Promise<string> {
  const [row] = await database.query<{ signing_secret: string }>(`select signing_secret from server_settings where id = 1`);
  return row?.signing_secret ?? '';
}
