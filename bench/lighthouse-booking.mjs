// node bench/lighthouse-booking.mjs [--url http://host/book/<slug>] [--runs 3]
// Lighthouse (mobile profile: Moto G-class phone, slow 4G, 4x CPU slowdown) on the public booking page, performance and
// accessibility, in Arabic and English, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), headless.
// Without --url it serves the built page itself (apps/web/dist, pre-compressed, cached as the API serves it) with the
// public booking API answered by fixed data, so the figures are the page's own, not the database's.
// Run `npm run build -w @clinic/web` first. Prints one line per run and the median; not a CI test.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, parseArgs, root } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { runs: '3' });
const dist = path.join(root, 'apps/web/dist');
if (!args.url && !existsSync(path.join(dist, 'book.html'))) throw new Error('apps/web/dist/book.html is missing: run `npm run build -w @clinic/web` first');

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const site = {
  organisation: 'Al-Noor Medical', language: 'ar',
  clinics: ['Olaya', 'Malaz'].map((name, i) => ({
    _id: `c${i}`, name: `${name} Clinic`, complex: null, address: `${name}, Riyadh`, mapUrl: null, timeZone: 'Asia/Riyadh', firstWeekday: 6,
    hijri: 'beside', mode: 'instant', minNoticeMinutes: 60, horizonDays: 30, cancellationPolicy: { en: 'Cancel up to 12 hours before.', ar: 'يمكن الإلغاء حتى 12 ساعة قبل الموعد.' },
    services: [{ _id: 's1', name: 'Consultation', durationMinutes: 20, price: 150 }], doctors: [{ _id: 'd1', name: 'Dr. Rana', speciality: null, services: ['s1'] }],
  })),
};
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** The built page as the API serves it: /book/* -> book.html, assets pre-compressed and immutable, the API stubbed. */
function serve(req, res) {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/api/public/book/')) {
    const tail = url.pathname.split('/').slice(5).join('/');
    const data = tail === '' ? site : tail === 'days' ? { days: [day(1), day(2), day(4), day(8)] } : { date: day(1), timeZone: 'Asia/Riyadh', times: [] };
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ success: true, data }));
  }
  const file = url.pathname.startsWith('/book') ? 'book.html' : url.pathname.slice(1);
  const full = path.join(dist, file);
  if (!full.startsWith(dist) || !existsSync(full) || !statSync(full).isFile()) {
    res.writeHead(404);
    return res.end();
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = accepts.includes('br') && existsSync(`${full}.br`) ? 'br' : accepts.includes('gzip') && existsSync(`${full}.gz`) ? 'gzip' : null;
  res.writeHead(200, {
    'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream',
    'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(readFileSync(encoding ? `${full}.${encoding === 'br' ? 'br' : 'gz'}` : full));
}

let server;
let base = args.url;
if (!base) {
  const port = await freePort();
  server = createServer(serve);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${port}/book/al-noor`;
}

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const lang of ['ar', 'en']) {
    const url = `${base}${base.includes('?') ? '&' : '?'}lang=${lang}`;
    const runs = [];
    for (let run = 1; run <= Number(args.runs); run++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile' });
      const lhr = result.lhr;
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const ms = (a) => Math.round(lhr.audits[a]?.numericValue ?? 0);
      const r = { performance: score('performance'), accessibility: score('accessibility'), fcpMs: ms('first-contentful-paint'), lcpMs: ms('largest-contentful-paint'), tbtMs: ms('total-blocking-time'), cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0 };
      runs.push(r);
      console.log(`${lang} run ${run}: performance ${r.performance}, accessibility ${r.accessibility}; FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls.toFixed(3)}`);
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0));
      if (failed.length) console.log(`  accessibility audits not passed: ${failed.map((a) => a.id).join(', ')}`);
    }
    console.log(`${lang} median: performance ${median(runs.map((r) => r.performance))}, accessibility ${median(runs.map((r) => r.accessibility))}, LCP ${median(runs.map((r) => r.lcpMs))} ms`);
  }
} finally {
  await chrome.kill();
  server?.close();
}
