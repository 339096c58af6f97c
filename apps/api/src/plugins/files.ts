import type { IncomingMessage } from 'node:http';
import type { App, Deps } from '../lib/app-types.js';
import { withLinkSession } from '../lib/file-links.js';
import { removeUnreferencedFiles } from '../lib/files.js';

/** How much of a refused request's body is read and dropped so the connection stays usable, and for how long. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads and drops what is left of a request body the server stopped reading (an upload refused mid-way), so the
 * next request on a kept-alive connection is read from its start. Answers false when there was more than the cap,
 * or it took too long: the connection is then closed after the answer.
 */
function finishReading(raw: IncomingMessage): Promise<boolean> {
  // `complete`: the HTTP parser has the whole body, so the connection is free whether or not it was consumed.
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      if (!ok) raw.pause();
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    // The multipart parser may still be attached (and stalled): the rest goes nowhere now.
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}

/**
 * What every request that touches files needs:
 * - signed-in handlers run with the caller's sign-in known, so the file links they put in records are tied to it;
 * - before a refusal or a failure leaves, the files its request stored that no record took are removed, whatever
 *   refused it (the service's own clean-up may not have run: a thrown error, a permission refused half-way);
 * - a refused request whose body was not read to the end (an oversize upload) has the rest read and dropped before
 *   the answer, so the kept-alive connection carries the next request; past a cap the connection is closed instead.
 */
export function registerFileHandling(app: App, deps: Deps) {
  app.decorateRequest('storedUploads', null);

  app.addHook('preHandler', (req, _reply, done) => {
    const claims = req.accessClaims;
    if (!claims) return done();
    withLinkSession({ employeeId: claims.sub, sessionVersion: claims.sv, familyId: claims.fam }, done);
  });

  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode < 400) return;
    const stored = req.storedUploads;
    if (stored?.length && req.caller) {
      req.storedUploads = null;
      try {
        await removeUnreferencedFiles(deps, req.caller.companyId, stored);
      } catch (err) {
        // Not the caller's problem: the periodic sweep removes what is left.
        req.log.warn({ err, files: stored.length }, 'could not remove unused uploads');
      }
    }
    if (!(await finishReading(req.raw))) reply.header('connection', 'close');
  });
}
