import { describe, expect, it } from 'vitest';
import { inNetworks, isNetworkText, networkOf } from './client-network';

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['unknown', 'unknown'],
  ])('%s is on %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it('gives every address of one IPv6 /64 the same network, and a neighbouring /64 another', () => {
    expect(networkOf('2001:db8:1:2::1')).toBe(networkOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(networkOf('2001:db8:1:3::1')).not.toBe(networkOf('2001:db8:1:2::1'));
  });
});

describe('trusted networks', () => {
  it.each([
    ['203.0.113.7', ['203.0.113.7'], true],
    ['203.0.113.8', ['203.0.113.7'], false],
    ['203.0.113.8', ['203.0.113.0/24'], true],
    ['::ffff:203.0.113.8', ['203.0.113.0/24'], true],
    ['198.51.100.1', ['203.0.113.0/24'], false],
    ['2001:db8:1:2::9', ['2001:db8:1::/48'], true],
    ['2001:db8:2::9', ['2001:db8:1::/48'], false],
    ['203.0.113.7', ['2001:db8::/32'], false],
    ['unknown', ['203.0.113.0/24'], false],
    ['203.0.113.7', [], false],
  ] as const)('%s in %j: %s', (address, networks, trusted) => {
    expect(inNetworks(address, networks)).toBe(trusted);
  });

  it.each([
    ['203.0.113.7', true],
    ['203.0.113.0/24', true],
    ['2001:db8::/32', true],
    ['2001:db8::1', true],
    ['203.0.113.0/33', false],
    ['example.com', false],
    ['', false],
    ['203.0.113', false],
  ])('%j is an address or range the owner can enter: %s', (text, valid) => {
    expect(isNetworkText(text)).toBe(valid);
  });
});
