// A local SMS gateway for the browser tests: records every POSTed body (the API's generic preset sends
// {"to","from","text"} as JSON); GET /messages answers them, newest last; GET /health answers 200. Nothing leaves the machine.
import { createServer } from 'node:http';

const port = Number(process.env.SMS_SINK_PORT ?? 0);
const messages = [];

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { raw += chunk; });
    req.on('end', () => {
      let body = raw;
      try { body = JSON.parse(raw); } catch { /* a form body stays text */ }
      messages.push({ at: new Date().toISOString(), path: req.url, contentType: req.headers['content-type'] ?? null, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `sink-${messages.length}`, status: 'queued' }));
    });
    return;
  }
  if (req.method === 'GET' && req.url?.startsWith('/messages')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(messages));
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' });
  res.end(req.url === '/health' ? 'ok' : 'not found');
});

server.listen(port, '127.0.0.1', () => console.log(`SMS sink on ${JSON.stringify(server.address())}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
