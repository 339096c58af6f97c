/** Requests of the imports tests: an organisation's calls, uploading a CSV of a kind, counting rows, running the jobs. */
import { auth, multipart, twoOrgsTest, type TestContext, type TestOrg } from '../../test/harness.js';

export type Lang = 'en' | 'ar';

export function importRequests(ctx: TestContext, org: TestOrg, kind: string) {
  return {
    req: (method: 'GET' | 'POST', url: string, payload?: unknown, lang?: Lang) =>
      ctx.app.inject({ method, url, headers: auth(org.token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }),
    upload: async (text: string, lang?: Lang) => {
      const form = await multipart([['kind', kind], ['fileName', `${kind}.csv`]], [{ field: 'file', filename: `${kind}.csv`, type: 'text/csv', data: Buffer.from(text) }]);
      return ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...auth(org.token, lang), 'content-type': form.contentType }, payload: form.payload });
    },
    countOf: async (sql: string, params: unknown[]) => (await ctx.database.query<{ n: number }>(sql, params))[0]!.n,
    /** Runs the queued jobs until none is due (the import job writes its chunks). */
    runJobs: async () => { for (let i = 0; i < 5; i++) await ctx.app.jobs.runDue(new Date(Date.now() + 1000)); },
  };
}

/** How an imports test file starts (awaited where it loads): a company signed in, its requests for one kind of import. */
export async function importTest(kind: string) {
  const { ctx, a } = await twoOrgsTest();
  return { ctx, a, ...importRequests(ctx, a, kind) };
}
