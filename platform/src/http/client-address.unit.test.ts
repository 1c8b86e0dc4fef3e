import { ConfigError } from '../config';
import { DEFAULT_TRUSTED_PROXIES, trustedProxies, trustedProxiesFromEnv } from './client-address';

describe('trusted proxies (whose X-Forwarded-For names the client)', () => {
  it('are this machine by default, in either address family and as a dual-stack peer', () => {
    const proxies = trustedProxies();
    expect(DEFAULT_TRUSTED_PROXIES).toBe('127.0.0.1,::1');
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(proxies.trusts)).toEqual([true, true, true]);
  });

  it('are no other loopback, private or link-local address: a client there picks no identity', () => {
    const proxies = trustedProxies();
    expect(['127.0.0.2', '10.0.0.5', '192.168.1.10', '172.16.0.1', 'fc00::1', '169.254.1.1', '203.0.113.9', 'not an address'].map(proxies.trusts)).toEqual(Array(8).fill(false));
  });

  it('take addresses and CIDR ranges of either family', () => {
    const proxies = trustedProxies('10.1.0.0/16, fd00::/8, 192.0.2.7');
    expect(['10.1.200.3', '10.2.0.1', 'fd12::1', '192.0.2.7', '192.0.2.8', '::ffff:10.1.0.9'].map(proxies.trusts)).toEqual([true, false, true, true, false, true]);
  });

  it('resolve host names (the gateway service in compose)', async () => {
    const proxies = trustedProxies('localhost');
    await proxies.ready;
    expect(proxies.trusts('127.0.0.1')).toBe(true);
    expect(proxies.trusts('10.0.0.1')).toBe(false);
    proxies.close();
  });

  it.each([['10.0.0.0/33'], ['10.0.0.1/8/2'], ['under_score'], [' , ']])('refuse %j naming TRUSTED_PROXIES', (spec) => {
    expect(() => trustedProxies(spec)).toThrow(ConfigError);
    expect(() => trustedProxies(spec)).toThrow(/TRUSTED_PROXIES/);
  });

  it('come from the environment, the default when unset', () => {
    expect(trustedProxiesFromEnv({ TRUSTED_PROXIES: '192.0.2.1' }).trusts('127.0.0.1')).toBe(false);
    expect(trustedProxiesFromEnv({}).trusts('127.0.0.1')).toBe(true);
  });
});
