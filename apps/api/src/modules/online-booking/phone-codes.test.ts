import { describe, expect, it } from 'vitest';
import { addressKey } from './phone-codes.js';

describe('the address a code limit counts', () => {
  it('is an IPv4 address itself', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv4-mapped IPv6 address\'s IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address\'s /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2::10.0.0.1', '2001:db8:1:2::1%eth0']) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is anything else as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
