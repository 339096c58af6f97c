import { jsonResponse, mockFetch } from './utils';

/**
 * The requests a feature's API functions send, one line each (`METHOD /api/path?query body`), for a test that pins
 * them: written once against the calls as they are, it must keep passing when the calls are rewritten, so the web
 * app's requests stay the same bytes. The answers are empty; a call that throws on them is fine, only what it sent
 * is recorded. The shell's own requests (the bell, the live stream) are recorded like any other.
 */
export async function requestLines(calls: Array<() => Promise<unknown>>): Promise<string[]> {
  const lines: string[] = [];
  mockFetch((url, init) => {
    const body = init.body === undefined ? '' : typeof init.body === 'string' ? ` ${init.body}` : ' [form data]';
    lines.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}${body}`);
    return jsonResponse(200, { success: true, data: null });
  }, { shell: true });
  for (const send of calls) await send().catch(() => undefined);
  return lines;
}
