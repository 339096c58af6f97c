/**
 * A real OpenID provider (oidc-provider) for the tests, on 127.0.0.1 at a random port: clients as the tests register
 * them, people as the tests describe them, and a sign-in page that signs in `nextLogin` and grants the scopes asked
 * (its own pages are forms for people; the tests drive the protocol). Plus `follow`, a browser's redirects with
 * cookies, and a server that answers a discovery document naming another issuer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdpPerson { email?: string; email_verified?: boolean; name?: string; groups?: string[] }

export interface LocalProvider {
  issuer: string;
  people: Map<string, IdpPerson>;
  /** The subject the provider's sign-in page signs in next. */
  nextLogin: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });

export async function startProvider(clients: Array<{ clientId: string; clientSecret: string; redirectUri: string }>): Promise<LocalProvider> {
  const server = createServer();
  const issuer = await listen(server);
  const people = new Map<string, IdpPerson>();
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId, client_secret: c.clientSecret, redirect_uris: [c.redirectUri], token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-test-provider'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    renderError: (ctx, out) => { ctx.type = 'json'; ctx.body = out; },
  });
  const state: LocalProvider = { issuer, people, nextLogin: '', close: close(server) };
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: state.nextLogin, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: state.nextLogin }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch(() => { res.statusCode = 500; res.end(); });
  });
  return state;
}

/** Follows redirects as a browser does (keeping cookies) until one leaves for `until`; that address. */
export async function follow(start: string, until: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** A server whose discovery document names another issuer than its own address (an impostor, or a mistyped address). */
export async function startImpostor(realIssuer: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void fetch(`${realIssuer}${req.url ?? '/'}`).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(await r.text());
    });
  });
  return { issuer: await listen(server), close: close(server) };
}
