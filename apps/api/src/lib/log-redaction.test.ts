import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogValue } from './log-redaction.js';

describe('the logged URL', () => {
  it('has the value of token, code and state replaced, the rest unchanged', () => {
    expect(redactUrl('/api/public/visit?token=eyJ.abc.def')).toBe('/api/public/visit?token=[redacted]');
    expect(redactUrl('/api/public/visit/times?token=eyJ.abc&date=2030-01-07')).toBe('/api/public/visit/times?token=[redacted]&date=2030-01-07');
    expect(redactUrl('/api/public/queue?lang=ar&token=t0k')).toBe('/api/public/queue?lang=ar&token=[redacted]');
    expect(redactUrl('/api/auth/sso/callback?code=c0de&state=st4te&x=1')).toBe('/api/auth/sso/callback?code=[redacted]&state=[redacted]&x=1');
  });

  it('catches the names however they are written, and every occurrence', () => {
    expect(redactUrl('/a?%74oken=secret')).toBe('/a?%74oken=[redacted]');
    expect(redactUrl('/a?TOKEN=secret&token=again&token')).toBe('/a?TOKEN=[redacted]&token=[redacted]&token=[redacted]');
  });

  it('hides a calendar feed\'s secret path and a file link\'s signature', () => {
    expect(redactUrl('/api/calendars/hao4zAbC-ygBSI.ics')).toBe('/api/calendars/[redacted]');
    expect(redactUrl('/api/calendars/hao4zAbC-ygBSI.ics?x=1')).toBe('/api/calendars/[redacted]?x=1');
    expect(redactUrl('/api/files/f1?c=co&e=1&u=me&s=S1gn4ture')).toBe('/api/files/f1?c=co&e=1&u=me&s=[redacted]');
    // `s` is a secret on file links only.
    expect(redactUrl('/api/patients?s=1')).toBe('/api/patients?s=1');
  });

  it('leaves URLs without those parameters as they are', () => {
    for (const url of ['/api/patients', '/api/patients?search=token', '/api/x?tokens=1&mytoken=2', '/a?', '/a?&&b=1', '/a?q=%zz']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('keeps the rest of Fastify\'s request line', () => {
    expect(requestLogValue({
      method: 'GET', url: '/api/public/visit/ics?token=abc', headers: { 'accept-version': '1' }, host: 'clinic.example', ip: '10.0.0.1', socket: { remotePort: 5555 },
    })).toEqual({ method: 'GET', url: '/api/public/visit/ics?token=[redacted]', version: '1', host: 'clinic.example', remoteAddress: '10.0.0.1', remotePort: 5555 });
  });
});
