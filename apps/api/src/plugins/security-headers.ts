import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../lib/app-types.js';

/**
 * The security headers helmet sets (content security policy, frame, referrer, transport and sniffing rules), worked out
 * once from the options: none of them depends on the request, so every answer gets the same set. Helmet itself rebuilds
 * its middleware, and re-parses the policy, for every request when used through its Fastify plugin.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => {});
  return Object.freeze(headers);
}

/** Every answer, errors and not-found included, carries the security headers (set as the request arrives). */
export function registerSecurityHeaders(app: App, options: HelmetOptions) {
  const headers = securityHeaders(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
}
