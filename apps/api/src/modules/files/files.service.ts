import type { Readable } from 'node:stream';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { credentialIsLive } from '../../lib/credential-liveness.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { verifyFileLink, type FileLinkQuery } from '../../lib/file-links.js';
import { openStoredFile } from '../../lib/files.js';
import type { RequestContext } from '../../lib/request-context.js';
import { findFile, isResultDocument, type FileRow } from './files.repository.js';

export interface Download {
  row: FileRow;
  /** The content, read from the database a chunk at a time as the client takes it. */
  content: Readable;
  /** How long the browser may keep it: a health report not at all (each view is audited), else the link's life. */
  cacheControl: string;
}

const linkExpired = () => new AppError(403, 'LINK_EXPIRED', 'errors.fileLinkExpired');

/**
 * Opens a stored file for a signed link: the link must be the server's, unexpired, for this file and company, and
 * the sign-in it was issued to must still be live. A health report's download is written to the audit log on the
 * patient's record before a byte leaves; a request for the headers alone (`HEAD`, `read: false`) sends none and is not
 * audited.
 */
export async function openDownload(
  deps: Deps, ctx: RequestContext, fileId: string, q: Partial<FileLinkQuery>, opts: { read: boolean },
): Promise<Download> {
  if (!q.c || !q.s) throw unauthorized();
  // A link from before links named their sign-in: the page that holds it reloads and gets a new one.
  if (q.e === undefined || !q.u || q.v === undefined || !q.f) throw linkExpired();
  const link = { c: q.c, e: q.e, u: q.u, v: q.v, f: q.f, p: q.p, d: q.d, s: q.s };
  const verified = verifyFileLink(deps, fileId, link);
  if (verified === 'invalid') throw notFound();
  if (verified === 'expired') throw linkExpired();
  const { session, audit } = verified;
  // The sign-in must still be live (account active, company open, same session version, family not revoked); a
  // health report's link also needs its holder to still read (or write) patients, an order's result document to still
  // read the clinical record.
  const holder = { companyId: link.c, employeeId: session.employeeId, sessionVersion: session.sessionVersion, familyId: session.familyId };
  const need = !audit ? 'authenticated' as const
    : await isResultDocument(deps.db, link.c, fileId) ? 'clinical_read' as const : (['patient_read', 'patient_write'] as const);
  if (!(await credentialIsLive(deps.db, holder, need))) throw new AppError(403, 'LINK_SESSION_ENDED', 'errors.fileLinkSessionEnded');
  const row = await findFile(deps.db, link.c, fileId);
  if (!row) throw notFound();
  const content = await openStoredFile(deps, row);
  if (!content) throw notFound();
  try {
    if (audit && opts.read) {
      await recordAudit(deps.db, ctx, {
        companyId: link.c, actorId: session.employeeId, action: 'document_download', entity: 'patient', entityId: audit.patientId,
        changes: { documentId: audit.documentId, fileId },
      });
    }
    const remaining = Math.max(0, Math.floor(link.e - Date.now() / 1000));
    return { row, content, cacheControl: audit ? 'private, no-store' : `private, max-age=${remaining}` };
  } catch (err) {
    content.destroy();
    throw err;
  }
}
