/* global document, requestAnimationFrame, window -- used inside functions that run in the browser page */
// Web budgets: the JavaScript each route makes the browser download (sign-in, the public booking page, dashboard, calendar, patients; sign-in
// against its 200 KB budget, the booking page against 120 KB), each route's own chunk, the calendar's render time after its data
// arrives (the week, and the day by doctor on the busiest day), and Lighthouse performance on /login and /patients (desktop preset, Debian's Chromium).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, root, startServer, stopServer } from './server.mjs';
import { BENCH_ADMIN } from './tiers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const dist = path.join(root, 'apps/web/dist');
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Each lazily loaded page's own chunk (and its CSS), gzipped, from Vite's manifest. */
function routeChunks() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return Object.entries(manifest)
    .filter(([src, e]) => e.isDynamicEntry && /\/pages\//.test(src))
    .map(([src, e]) => {
      const files = [e.file, ...(e.css ?? [])];
      const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
      return { route: src.replace(/^src\/features\//, '').replace(/\.tsx$/, ''), gzipKb: kb(gz) };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);
}

/** Sign-in's budget: gzipped JavaScript the browser downloads to show /login. */
export const SIGN_IN_JS_BUDGET_KB = 200;
/** The public booking page's budget (its own entry, book.html): gzipped JavaScript to show its first step. */
export const BOOKING_JS_BUDGET_KB = 120;

/** The routes measured, each with what says it is shown (the dashboard's once its chart is drawn). */
const MEASURED_ROUTES = [
  { route: 'sign-in', path: '/login', ready: 'input[name="email"]' },
  { route: 'sign-in (Arabic)', path: '/login', ready: 'input[name="email"]', lang: 'ar' },
  // Its first step, or its "no such page" answer where the data has no booking address: the same scripts either way.
  { route: 'booking', path: '/book/demo', ready: '[data-testid="book-step-title"], [data-testid="book-unavailable"]', budgetKb: BOOKING_JS_BUDGET_KB },
  { route: 'dashboard', path: '/dashboard', ready: '[data-testid="dashboard-tiles"]' },
  { route: 'calendar', path: '/appointments/calendar', ready: '.fc-timegrid' },
  { route: 'patients', path: '/patients', ready: 'table tbody tr' },
];

/**
 * What the browser downloads to show a route from an empty cache: the gzipped size of every script (and, apart, every
 * style sheet) it fetched until the route is shown and no more come, lazily loaded parts included (the
 * dashboard's chart library once its chart is drawn). Each route in a tab of its own with the cache disabled; the sign-in
 * page in English and in Arabic.
 */
async function routeDownloads(context, base, { route, path: routePath, ready, lang, budgetKb }) {
  const page = await context.newPage();
  // The language the app starts in (stored as the language menu stores it), taken back when the tab closes.
  if (lang) await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const files = new Map();
  const pending = [];
  let lastAt = Date.now();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const kind = type === 'stylesheet' || /\.css(\?|$)/.test(res.url()) ? 'css' : type === 'script' || /\.m?js(\?|$)/.test(res.url()) ? 'js' : null;
    if (!kind || res.status() !== 200) return;
    lastAt = Date.now();
    pending.push(res.body().then((body) => files.set(res.url(), { kind, gzip: gzipSync(body, { level: 9 }).length }), () => {}));
  });
  try {
    await page.goto(base + routePath, { waitUntil: 'domcontentloaded' });
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    // Then until no script or style sheet has come for 2 s (the pages keep a notification stream open: the network
    // is never idle), at most 30 s.
    for (const end = Date.now() + 30_000; Date.now() - lastAt < 2000 && Date.now() < end;) await page.waitForTimeout(250);
    await Promise.all(pending);
    const sum = (kind) => kb([...files.values()].filter((f) => f.kind === kind).reduce((a, f) => a + f.gzip, 0));
    const largest = [...files].filter(([, f]) => f.kind === 'js').sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 3)
      .map(([url, f]) => `${path.basename(new URL(url).pathname)} ${kb(f.gzip)}`);
    const jsGzipKb = sum('js');
    return {
      route, path: routePath, jsGzipKb, cssGzipKb: sum('css'), scripts: [...files.values()].filter((f) => f.kind === 'js').length, largest,
      ...(route.startsWith('sign-in') ? { budgetKb: SIGN_IN_JS_BUDGET_KB, met: jsGzipKb <= SIGN_IN_JS_BUDGET_KB } : {}),
      ...(budgetKb ? { budgetKb, met: jsGzipKb <= budgetKb } : {}),
    };
  } catch (err) {
    return { route, path: routePath, error: String(err.message ?? err).split('\n')[0] };
  } finally {
    if (lang) await page.evaluate(() => localStorage.removeItem('lang')).catch(() => {});
    await page.close();
  }
}

/**
 * The first clinic's busiest day among the last 30 and the next 14 (clinic-local dates, cancelled visits left out),
 * found through the API as a client would.
 */
async function busiestDay(base) {
  const call = async (url, init = {}) => {
    const res = await fetch(base + url, init);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  };
  const login = await call('/api/auth/login', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
  });
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const clinic = (await call('/api/clinics?limit=5', { headers })).data[0];
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const counts = new Map();
  const seen = new Set();
  // The range cap is per request: one week at a time (a visit across two windows comes back in both: counted once).
  for (let t = Date.parse(from); t < Date.parse(to); t += 7 * 86_400_000) {
    const path = `/api/appointments?clinic=${clinic._id}&from=${encodeURIComponent(new Date(t).toISOString())}&to=${encodeURIComponent(new Date(Math.min(t + 7 * 86_400_000, Date.parse(to))).toISOString())}&view=calendar`;
    for (const a of (await call(path, { headers })).data) {
      if (a.status === 'cancelled' || seen.has(a._id)) continue;
      seen.add(a._id);
      const day = a.datetime.slice(0, 10);
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
  }
  const [date, appointments] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [null, 0];
  if (!date) throw new Error('no appointments in the bench clinic');
  return { date, appointments };
}

export async function webBudgets({ dataDir, databaseUrl }) {
  const { chromium } = await import('@playwright/test');
  const server = await startServer({ dataDir, databaseUrl });
  const debugPort = await freePort();
  // A persistent context is the browser's default one, which Lighthouse's own tabs share (storage, sign-in).
  const profile = mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: [...ARGS, `--remote-debugging-port=${debugPort}`], viewport: { width: 1440, height: 900 } });
  const lighthouseScores = {};
  async function runLighthouse(route) {
    try {
      const { default: lighthouse } = await import('lighthouse');
      const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
      const result = await lighthouse(`${server.base}${route}`, { port: debugPort, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance'] }, desktop);
      lighthouseScores[route] = Math.round((result?.lhr.categories.performance.score ?? 0) * 100);
    } catch (err) {
      lighthouseScores[route] = `error: ${String(err.message ?? err).split('\n')[0]}`;
    }
  }
  try {
    const page = context.pages()[0] ?? (await context.newPage());

    // 1. JavaScript the sign-in page makes the browser download (its own tab, empty cache).
    const routes = [];
    for (const measured of MEASURED_ROUTES.slice(0, 3)) routes.push(await routeDownloads(context, server.base, measured));
    await page.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    await runLighthouse('/login');

    // Sign in (remembered) for the pages behind it.
    await page.locator('input[name="email"]').fill(BENCH_ADMIN.username);
    await page.locator('input[name="password"]').fill(BENCH_ADMIN.password);
    await page.getByRole('checkbox').check();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // 2. The same for the pages behind sign-in (the session is the profile's, the cache empty in each tab).
    for (const measured of MEASURED_ROUTES.slice(3)) routes.push(await routeDownloads(context, server.base, measured));

    // 3. Calendar: time from the week's data arriving to every appointment card being on screen, both taken in the
    // page: the response's end from the browser's resource timing, and the last frame in which the number of cards
    // (and "+N more" links, where FullCalendar stacks them) changed, watched from the page's first frame.
    const calendar = {};
    try {
      let count = 0;
      page.on('response', async (res) => {
        if (/\/api\/appointments\?.*from=/.test(res.url())) {
          const json = await res.json().catch(() => null);
          if (json?.data) count = json.data.length;
        }
      });
      await page.addInitScript(() => {
        const watch = { shown: 0, changedAt: 0 };
        window.__calendarCards = watch;
        const tick = () => {
          const shown = document.querySelectorAll('.fc-timegrid-event, .fc-timegrid-more-link').length;
          if (shown !== watch.shown) { watch.shown = shown; watch.changedAt = performance.now(); }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.goto(`${server.base}/patients/appointments`);
      await page.waitForFunction(() => {
        const watch = window.__calendarCards;
        return watch && watch.shown > 0 && performance.now() - watch.changedAt >= 500;
      }, null, { timeout: 30_000, polling: 100 });
      const timing = await page.evaluate(() => {
        const responses = performance.getEntriesByType('resource').filter((e) => /\/api\/appointments\?.*from=/.test(e.name));
        return { responseEnd: responses.at(-1)?.responseEnd ?? null, ...window.__calendarCards };
      });
      calendar.appointments = count;
      calendar.shown = timing.shown;
      calendar.renderMs = timing.responseEnd === null ? null : Math.round(timing.changedAt - timing.responseEnd);
    } catch (err) {
      calendar.error = String(err.message ?? err).split('\n')[0];
    }

    // 3b. The day by doctor on the clinic's busiest day (the clinic tier: 15 doctors, ~150 appointments): time from the
    // day's cards arriving to every card being on screen, measured as for the week; and from the last doctor's hours
    // arriving to the last column being shaded.
    const dayView = {};
    try {
      const busiest = await busiestDay(server.base);
      Object.assign(dayView, busiest);
      await page.addInitScript(() => {
        const watch = { cards: 0, cardsAt: 0, shades: 0, shadesAt: 0 };
        window.__dayView = watch;
        const tick = () => {
          const cards = document.querySelectorAll('[data-testid="dayview-card"]').length;
          const shades = document.querySelectorAll('[data-testid="dayview-column"] [data-kind]').length;
          if (cards !== watch.cards) { watch.cards = cards; watch.cardsAt = performance.now(); }
          if (shades !== watch.shades) { watch.shades = shades; watch.shadesAt = performance.now(); }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.goto(`${server.base}/patients/appointments?view=day&date=${busiest.date}`);
      await page.waitForFunction(() => {
        const watch = window.__dayView;
        return watch && watch.cards > 0 && performance.now() - Math.max(watch.cardsAt, watch.shadesAt) >= 500;
      }, null, { timeout: 30_000, polling: 100 });
      const timing = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const cards = entries.filter((e) => /\/api\/appointments\?.*view=calendar/.test(e.name));
        const hours = entries.filter((e) => /\/api\/appointments\/availability\?.*doctor=/.test(e.name));
        return {
          cardsEnd: cards.at(-1)?.responseEnd ?? null,
          hoursEnd: hours.length ? Math.max(...hours.map((e) => e.responseEnd)) : null,
          doctorRequests: hours.length,
          columns: document.querySelectorAll('[data-testid="dayview-column"]').length,
          ...window.__dayView,
        };
      });
      dayView.columns = timing.columns;
      dayView.shown = timing.cards;
      dayView.renderMs = timing.cardsEnd === null ? null : Math.round(timing.cardsAt - timing.cardsEnd);
      dayView.doctorRequests = timing.doctorRequests;
      dayView.shadedMs = timing.hoursEnd === null ? null : Math.round(timing.shadesAt - timing.hoursEnd);
    } catch (err) {
      dayView.error = String(err.message ?? err).split('\n')[0];
    }

    // 4. Lighthouse on /patients, signed in (the same browser profile).
    await runLighthouse('/patients');
    return { loginJsGzipKb: routes[0].jsGzipKb ?? null, routes, largestRouteChunks: routeChunks().slice(0, 8), calendar, dayView, lighthouse: lighthouseScores };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await stopServer(server.child);
  }
}
