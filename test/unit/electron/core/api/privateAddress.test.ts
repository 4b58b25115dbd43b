import { describe, expect, it } from 'vitest';
import { isAddressLiteral, isPrivateAddress, parseIpv6 } from '../../../../../electron/core/api/privateAddress.ts';

/** Addresses on this machine or a private network: refused for a connection whose CDN is on the internet. */
const PRIVATE = [
  // IPv4
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '192.0.0.8',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  // IPv6
  '::',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf:ffff::1',
  'fec0::1',
  'ff02::1',
  // IPv6 forms carrying a private IPv4 address
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '[::ffff:10.0.0.1]',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:192.168.0.1',
  '::127.0.0.1',
  '64:ff9b::10.0.0.1',
  '2002:c0a8:0101::1',
  // Not an address at all: never guessed to be a public one
  'localhost',
  '',
  '1.2.3',
  '01.2.3.4',
  '256.1.1.1',
  '1::2::3',
  'gggg::1',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.169.0.1',
  '169.253.0.1',
  '203.0.113.10',
  '2606:4700:4700::1111',
  '2001:db8::1',
  '[2a00:1450:4001:80b::200e]',
  'fbff::1',
  'fe00::1',
  '::ffff:8.8.8.8',
  '::ffff:0808:0808',
  '64:ff9b::8.8.8.8',
  '2002:0808:0808::1',
];

describe('private addresses', () => {
  it.each(PRIVATE)('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(PUBLIC)('lets %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('reads IPv6 in its short, long and dotted forms alike', () => {
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(parseIpv6('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIpv6('1:2:3:4:5:6:7')).toBeNull();
    expect(parseIpv6('1:2:3:4::5:6:7:8')).toBeNull();
  });

  it('tells an address written in a URL from a name', () => {
    expect(isAddressLiteral('127.0.0.1')).toBe(true);
    expect(isAddressLiteral('[::1]')).toBe(true);
    expect(isAddressLiteral('cdn.example.com')).toBe(false);
    expect(isAddressLiteral('localhost')).toBe(false);
  });
});
