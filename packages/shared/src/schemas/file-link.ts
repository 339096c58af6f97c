import { z } from 'zod';

/**
 * The signature a stored file's link carries (`/api/files/:id?...`): company (`c`), expiry (`e`), the sign-in it was
 * issued to (user `u`, session version `v`, refresh-token family `f`), the patient document it opens when it is one
 * (`p`, `d`, so the download is audited), and the signature itself (`s`).
 */
export const fileLinkQuery = z.object({
  c: z.uuid().optional(),
  e: z.coerce.number().int().optional(),
  u: z.uuid().optional(),
  v: z.coerce.number().int().min(0).optional(),
  f: z.uuid().optional(),
  p: z.uuid().optional(),
  d: z.uuid().optional(),
  s: z.string().max(100).optional(),
});
