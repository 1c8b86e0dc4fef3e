import { issueToken, verifyToken } from '../http/auth';
import {
  hashRecoveryCode,
  issueChallenge,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  sealTotpSecret,
  totpCodeAt,
  totpStepAt,
  TOTP_PERIOD_SECONDS,
  verifyChallenge,
} from './second-factor';

const jwtSecret = 'a-test-secret-that-is-long-enough-for-hs256';
const now = new Date('2026-03-01T10:00:10Z');
const stepsLater = (steps: number) => new Date(now.getTime() + steps * TOTP_PERIOD_SECONDS * 1000);

describe('second factor (TOTP)', () => {
  it('accepts the code of the current step and one step either side, and says which step it matched', () => {
    const secret = newTotpSecret();
    expect(matchingTotpStep(secret, totpCodeAt(secret, now), now)).toBe(totpStepAt(now));
    expect(matchingTotpStep(secret, totpCodeAt(secret, stepsLater(-1)), now)).toBe(totpStepAt(now) - 1);
    expect(matchingTotpStep(secret, totpCodeAt(secret, stepsLater(1)), now)).toBe(totpStepAt(now) + 1);
    expect(matchingTotpStep(secret, totpCodeAt(secret, stepsLater(-2)), now)).toBeUndefined();
    expect(matchingTotpStep(secret, totpCodeAt(secret, stepsLater(2)), now)).toBeUndefined();
    expect(matchingTotpStep(secret, 'abcdef', now)).toBeUndefined();
    expect(matchingTotpStep(newTotpSecret(), totpCodeAt(secret, now), now)).toBeUndefined();
  });

  it('makes an otpauth URI and a QR image of it', async () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'ravi@university.edu');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Placement%20Portal:ravi%40university\.edu\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(await qrCodeDataUrl(uri)).toMatch(/^data:image\/png;base64,/);
  });

  it('seals the secret so that only this server opens it, for this account only', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(jwtSecret, 'u1', secret);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(jwtSecret, 'u1', sealed)).toBe(secret);
    expect(() => openTotpSecret(jwtSecret, 'u2', sealed)).toThrow();
    expect(() => openTotpSecret(`${jwtSecret}-other`, 'u1', sealed)).toThrow();
    const [prefix, iv, data, tag] = sealed.split('.');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => openTotpSecret(jwtSecret, 'u1', [prefix, iv, flipped, tag].join('.'))).toThrow();
  });

  it('makes ten different recovery codes and hashes one however it is typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(hashRecoveryCode(codes[0]!.toLowerCase().replace('-', ' '))).toBe(hashRecoveryCode(codes[0]!));
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[1]!));
  });

  it('a challenge is good for its purpose only and never as a session token, nor a session token as a challenge', () => {
    const challenge = issueChallenge(jwtSecret, { userId: 'u1', sessionVersion: 2, purpose: 'second-factor' });
    expect(verifyChallenge(jwtSecret, challenge, 'second-factor')).toEqual({ userId: 'u1', sessionVersion: 2, purpose: 'second-factor' });
    expect(verifyChallenge(jwtSecret, challenge, 'second-factor-enrolment')).toBeUndefined();
    expect(verifyChallenge(`${jwtSecret}-other`, challenge, 'second-factor')).toBeUndefined();
    expect(verifyToken({ secret: jwtSecret, expiresIn: '1h' }, challenge)).toBeUndefined();
    const session = issueToken({ secret: jwtSecret, expiresIn: '1h' }, { id: 'u1', role: 'admin', sessionVersion: 2 });
    expect(verifyChallenge(jwtSecret, session, 'second-factor')).toBeUndefined();
  });
});
