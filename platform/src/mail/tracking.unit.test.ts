import { isOpenTrackingToken, openTrackingPixelUrl, openTrackingToken } from './tracking';

const secret = 'a-test-secret-that-is-at-least-32-characters';

describe('open-tracking tokens', () => {
  it('are url-safe, stable, and do not contain the address', () => {
    const token = openTrackingToken(secret, 'c1', 'asha@university.edu');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(openTrackingToken(secret, 'c1', 'asha@university.edu')).toBe(token);
    expect(token).not.toContain('asha');
  });

  it('differ per campaign, per recipient and per secret, but not per letter case', () => {
    const token = openTrackingToken(secret, 'c1', 'asha@university.edu');
    expect(openTrackingToken(secret, 'c2', 'asha@university.edu')).not.toBe(token);
    expect(openTrackingToken(secret, 'c1', 'ravi@university.edu')).not.toBe(token);
    expect(openTrackingToken(`${secret}x`, 'c1', 'asha@university.edu')).not.toBe(token);
    expect(openTrackingToken(secret, 'c1', ' ASHA@University.edu')).toBe(token);
  });

  it('are checked exactly', () => {
    const token = openTrackingToken(secret, 'c1', 'asha@university.edu');
    expect(isOpenTrackingToken(secret, 'c1', 'asha@university.edu', token)).toBe(true);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(isOpenTrackingToken(secret, 'c1', 'asha@university.edu', tampered)).toBe(false);
    expect(isOpenTrackingToken(secret, 'c1', 'asha@university.edu', 'short')).toBe(false);
    expect(isOpenTrackingToken(secret, 'c1', 'ravi@university.edu', token)).toBe(false);
  });

  it('make the pixel URL under the public address', () => {
    const token = openTrackingToken(secret, 'c1', 'asha@university.edu');
    expect(openTrackingPixelUrl('https://portal.example/', secret, 'c1', 'asha@university.edu')).toBe(`https://portal.example/api/email/track/c1/${token}.gif`);
  });
});
