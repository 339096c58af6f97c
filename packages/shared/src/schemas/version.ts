import { z } from 'zod';
import { numberish } from './common.js';

/*
 * Optimistic concurrency. Every record reads back its `version`, raised by one on every change. Every update sends
 * the version its form was loaded with: the server changes the record only while it still has that version, and
 * otherwise answers 409 STALE_RECORD (someone else saved in between), so nobody silently overwrites another's work.
 */

/** A record's version as the API reads it back. */
export const versionSchema = z.number().int();

/** The version an update is based on: required, a whole number from 1 (multipart forms send it as text). */
export const versionInput = numberish(
  z
    .number({ error: 'validation.versionRequired' })
    .int({ error: 'validation.versionRequired' })
    .min(1, { error: 'validation.versionRequired' })
    .max(2_147_483_647, { error: 'validation.versionRequired' }),
);

/** The code of the 409 answered to an update based on an older version of the record. */
export const STALE_RECORD = 'STALE_RECORD';
