// An open-loop load generator: requests leave on a fixed schedule (one every 1/rate seconds) whether or not earlier
// ones have been answered, and each latency runs from the request's scheduled time, so a server that stalls is
// charged for the whole wait of every request that was due meanwhile (no coordinated omission). autocannon's
// `overallRate` cannot stand in for it: each connection sends its share of a second back to back at the start of the
// second and then waits (bursts of `connections` requests, not a steady arrival), and it corrects latencies with an
// expected interval of ceil(1 / per-connection rate) = 1 ms, which back-fills samples below every real one.
import http from 'node:http';

/**
 * Offers `rate` requests per second for `seconds` over at most `connections` keep-alive connections (a request due
 * while all are busy waits for one, and that wait is part of its latency). `request(i)` gives the i-th request's
 * `{ path, method, headers, body }`; `onResponse(status, body, i)` sees every answer. Answers still outstanding
 * `drainSeconds` after the last scheduled request count as timeouts.
 */
export async function openLoop({ base, rate, seconds, connections = 64, request, onResponse, drainSeconds = 10 }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = [];
  let sent = 0;
  let done = 0;
  let errors = 0;
  let non2xx = 0;
  let maxLateMs = 0;
  let lastAnswer = 0;
  const t0 = performance.now() + 20;
  let resolveAll;
  const allDone = new Promise((r) => { resolveAll = r; });
  const finish = () => { if (++done === total) resolveAll(); };

  function fire(i, scheduled) {
    const { path, method = 'GET', headers = {}, body } = request(i);
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const now = performance.now();
        lastAnswer = now;
        if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(now - scheduled);
        else non2xx++;
        onResponse?.(res.statusCode, onResponse ? Buffer.concat(chunks).toString('utf8') : '', i);
        finish();
      });
      res.on('error', () => { errors++; finish(); });
    });
    req.on('error', () => { errors++; finish(); });
    if (body) req.write(body);
    req.end();
  }

  // The dispatcher wakes every millisecond or so and sends every request whose time has come.
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        const scheduled = t0 + sent * interval;
        maxLateMs = Math.max(maxLateMs, now - scheduled);
        fire(sent, scheduled);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(5, t0 + sent * interval - performance.now())));
      else resolve();
    };
    setTimeout(tick, 20);
  });
  const lastScheduled = t0 + (total - 1) * interval;
  await Promise.race([allDone, new Promise((r) => setTimeout(r, drainSeconds * 1000))]);
  const timeouts = total - done;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)].toFixed(1)) : null);
  // The rate achieved: answers (of any status) per second, from the first scheduled request to the last answer (or the
  // last scheduled request, if answers kept up).
  const span = (Math.max(lastAnswer, lastScheduled) - t0) / 1000 || seconds;
  return {
    offered_rps: Number(rate.toFixed(1)),
    achieved_rps: Number(((done - errors) / span).toFixed(1)),
    requests: total,
    p50_ms: pct(0.5),
    p95_ms: pct(0.95),
    p99_ms: pct(0.99),
    max_ms: latencies.length ? Number(latencies.at(-1).toFixed(1)) : null,
    errors: errors + non2xx + timeouts,
    timeouts,
    /** How late the dispatcher sent a request at worst (the load generator's own lag; included in latencies). */
    max_dispatch_lag_ms: Number(maxLateMs.toFixed(1)),
    connections,
  };
}
