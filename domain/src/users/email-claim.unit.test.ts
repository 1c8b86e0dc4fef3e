import { given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import {
  CLAIM_ABANDONED_AFTER_MS,
  CLAIM_COMPLETION_LIMIT_MS,
  EMAIL_CLAIM_EVENT_VERSIONS,
  emailClaimDecider,
  emailClaimStreamId,
  isAbandonedClaim,
  normalizeEmail,
  type EmailClaimEvent,
} from './email-claim';
import { USER_MESSAGES } from './messages';

const visitor = contextAs('visitor');
const claimedBy = (userId: string): EmailClaimEvent => ({ type: 'EmailClaimed', data: { userId } });
const releasedBy = (userId: string): EmailClaimEvent => ({ type: 'EmailReleased', data: { userId } });

describe('ClaimEmail', () => {
  it('claims a free address', () => {
    expect(given(emailClaimDecider, []).when({ type: 'ClaimEmail', userId: 'u1' }, visitor)).toEqual([claimedBy('u1')]);
  });

  it('claims an address released by its previous owner', () => {
    expect(given(emailClaimDecider, [claimedBy('u1'), releasedBy('u1')]).when({ type: 'ClaimEmail', userId: 'u2' }, visitor)).toEqual([claimedBy('u2')]);
  });

  it('changes nothing when the owner claims it again (a retried request)', () => {
    expect(given(emailClaimDecider, [claimedBy('u1')]).when({ type: 'ClaimEmail', userId: 'u1' }, visitor)).toEqual([]);
  });

  it('refuses an address another account holds', () => {
    expect(rejectionOf(() => given(emailClaimDecider, [claimedBy('u1')]).when({ type: 'ClaimEmail', userId: 'u2' }, visitor))).toEqual({
      kind: 'conflict',
      message: 'An account with this email already exists.',
      errors: undefined,
    });
  });
});

describe('ClaimEmail replacing an abandoned claim', () => {
  it('releases the abandoned claimant and claims, in one append', () => {
    expect(given(emailClaimDecider, [claimedBy('u1')]).when({ type: 'ClaimEmail', userId: 'u2', replacing: 'u1' }, visitor)).toEqual([releasedBy('u1'), claimedBy('u2')]);
  });

  it('is refused when another claimant holds the address by now (a takeover won the race)', () => {
    expect(rejectionOf(() => given(emailClaimDecider, [claimedBy('u1'), releasedBy('u1'), claimedBy('u3')]).when({ type: 'ClaimEmail', userId: 'u2', replacing: 'u1' }, visitor))).toMatchObject({
      kind: 'conflict',
    });
  });

  it('claims plainly when the address became free meanwhile', () => {
    expect(given(emailClaimDecider, [claimedBy('u1'), releasedBy('u1')]).when({ type: 'ClaimEmail', userId: 'u2', replacing: 'u1' }, visitor)).toEqual([claimedBy('u2')]);
  });
});

describe('isAbandonedClaim', () => {
  const claimedAt = new Date('2026-03-01T10:00:00Z');
  const after = (ms: number) => new Date(claimedAt.getTime() + ms);

  it('is abandoned only without an account and after the abandonment delay', () => {
    expect(isAbandonedClaim({ claimedAt, accountExists: false }, after(CLAIM_ABANDONED_AFTER_MS))).toBe(true);
    expect(isAbandonedClaim({ claimedAt, accountExists: false }, after(CLAIM_ABANDONED_AFTER_MS - 1))).toBe(false);
    expect(isAbandonedClaim({ claimedAt, accountExists: true }, after(10 * CLAIM_ABANDONED_AFTER_MS))).toBe(false);
  });

  it('leaves a request far more time than it may take to create the account', () => {
    expect(CLAIM_ABANDONED_AFTER_MS).toBeGreaterThanOrEqual(5 * CLAIM_COMPLETION_LIMIT_MS);
  });
});

describe('ReleaseEmail', () => {
  it('releases the owner\'s address', () => {
    expect(given(emailClaimDecider, [claimedBy('u1')]).when({ type: 'ReleaseEmail', userId: 'u1' }, visitor)).toEqual([releasedBy('u1')]);
  });

  it('changes nothing when the address is not claimed', () => {
    expect(given(emailClaimDecider, [claimedBy('u1'), releasedBy('u1')]).when({ type: 'ReleaseEmail', userId: 'u1' }, visitor)).toEqual([]);
  });

  it('refuses anyone but the owner', () => {
    expect(rejectionOf(() => given(emailClaimDecider, [claimedBy('u1')]).when({ type: 'ReleaseEmail', userId: 'u2' }, visitor))).toEqual({
      kind: 'forbidden',
      message: USER_MESSAGES.emailOwnedByAnother,
      errors: undefined,
    });
  });
});

describe('addresses and streams', () => {
  it('compares addresses trimmed and lower-cased', () => {
    expect(normalizeEmail('  Asha.Rao@University.EDU ')).toBe('asha.rao@university.edu');
  });

  it('names the claim stream after the hash of the address', () => {
    expect(emailClaimStreamId('ab12')).toBe('user-email-ab12');
  });

  it('versions both event types at 1', () => {
    expect(EMAIL_CLAIM_EVENT_VERSIONS).toEqual({ EmailClaimed: 1, EmailReleased: 1 });
  });
});
