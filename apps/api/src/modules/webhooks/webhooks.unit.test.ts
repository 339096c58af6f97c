import { describe, expect, it } from 'vitest';
import { sign, newSecret } from './webhooks.signing.js';
import { checkTarget, isPrivateAddress } from './webhooks.target.js';

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
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses plain http, loopback names and private literals unless allowed', async () => {
    expect(await checkTarget('http://example.com/hook', false)).toBe('httpsOnly');
    expect(await checkTarget('https://localhost/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://[::1]/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://10.0.0.5/hook', false)).toBe('targetRefused');
    expect(await checkTarget('https://user:pw@8.8.8.8/hook', false)).toBe('urlInvalid');
    expect(await checkTarget('http://127.0.0.1:9/hook', true)).toMatchObject({ address: '127.0.0.1' });
  });
});
