import { describe, expect, it } from 'vitest';
import { sign, newSecret } from './webhooks.signing.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffMs } from '../jobs/index.js';
import { DELIVERY_ATTEMPTS } from './webhooks.delivery.js';
import { checkTarget, isPrivateAddress, postTo } from './webhooks.target.js';
import { shownMessage } from '../../lib/stored-message.js';

describe('Standard Webhooks signature', () => {
  it('matches the specification\'s published example', () => {
    // The example of the Standard Webhooks specification's reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 24 random bytes after whsec_', () => {
    const s = newSecret();
    expect(s).toMatch(/^whsec_/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(24);
    expect(newSecret()).not.toBe(s);
  });
});

describe('webhook targets', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:a00:1', 'ff02::1',
    // IPv4 carried in IPv6 however it is written (compatible, mapped, translated, 6to4), and the ranges around it.
    '::127.0.0.1', '::7f00:1', '::ffff:0:7f00:1', '::ffff:0:10.0.0.1', '2002:7f00:1::', '2002:a00:1::1', '64:ff9b::8.8.8.8',
    '64:ff9b:1::1', 'fec0::1', '2001::1', '0:0:0:0:0:ffff:7f00:1', 'fe80::1%eth0', 'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e', '2002:808:808::1'])('accepts %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses plain http, loopback names and private literals unless allowed', async () => {
    expect(await checkTarget('http://example.com/hook', false)).toBe('httpsOnly');
    expect(await checkTarget('https://localhost/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://[::1]/hook', false)).toBe('targetRefused');
    // The URL parser writes [::127.0.0.1] as [::7f00:1].
    expect(await checkTarget('https://[::127.0.0.1]/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://[::ffff:0:7f00:1]/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://10.0.0.5/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://user:pw@8.8.8.8/hook', false)).toBe('urlInvalid');
    expect(await checkTarget('http://127.0.0.1:9/hook', true)).toMatchObject({ address: '127.0.0.1' });
  });
});

describe('sending to a target', () => {
  it('gives up when the whole attempt outlasts its time, however slowly the answer trickles in', async () => {
    // Each byte of the status line comes well within the idle time-out; the attempt as a whole does not. The
    // connection is dropped while bytes are still to come.
    let leftAtClose: number | null = null;
    const trickle = createServer((_req, res) => {
      const bytes = [...'HTTP/1.1 200 OK\r\nX-Slow: 1\r\n'];
      const timer = setInterval(() => {
        const b = bytes.shift();
        if (b === undefined) clearInterval(timer);
        else res.socket?.write(b);
      }, 100);
      res.on('close', () => {
        leftAtClose = bytes.length;
        clearInterval(timer);
      });
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = trickle.address() as AddressInfo;
      const target = await checkTarget(`http://127.0.0.1:${port}/hook`, true);
      if (typeof target === 'string') throw new Error(target);
      const result = await postTo(target, {}, '{}', 600);
      expect(result).toEqual({ status: null, body: null, error: 'errors.webhooks.timedOut {"count":0.6}' });
      expect(shownMessage(result.error, 'en')).toBe('No answer within 0.6 seconds');
      await expect.poll(() => leftAtClose).not.toBeNull();
      expect(leftAtClose).toBeGreaterThan(10);
    } finally {
      trickle.closeAllConnections();
      trickle.close();
    }
  });
});

describe('retries', () => {
  it('go on for more than a day before a delivery is given up', () => {
    const waits = Array.from({ length: DELIVERY_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1));
    const hours = waits.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
  });
});
