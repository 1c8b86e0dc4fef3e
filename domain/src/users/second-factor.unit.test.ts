import { given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import { securitySettingsDecider, type SecuritySettingsEvent } from '../settings';
import { canLogIn, RECOVERY_CODE_COUNT, userDecider, type UserCommand } from './decider';
import type { UserEvent } from './events';
import { USER_MESSAGES } from './messages';

const userId = 'staff-7';
const self = contextAs('staff', userId);
const admin = contextAs('admin', 'admin-1');
const visitor = contextAs('visitor');

const created = (role: 'student' | 'staff' | 'admin' = 'staff'): UserEvent => ({
  type: 'UserCreatedByAdmin',
  data: { userId, fullName: 'Ravi Menon', email: 'ravi@university.edu', mobileNo: null, rollNo: null, passwordHash: 'argon2:pw', role, status: 'active', verified: true },
});
const started: UserEvent = { type: 'SecondFactorEnrolmentStarted', data: { userId, encryptedSecret: 'v1.sealed' } };
const recoveryCodeHashes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `rc-${index}`);
const enrolled: UserEvent = { type: 'SecondFactorEnrolled', data: { userId, step: 100, recoveryCodeHashes } };

const when = (history: UserEvent[], command: UserCommand, context = self) => given(userDecider, history).when(command, context);
const refusal = (history: UserEvent[], command: UserCommand, context = self) => rejectionOf(() => when(history, command, context));

describe('second factor of an admin or staff account', () => {
  it('starts an enrolment with the encrypted secret, for the owner only and not for a student', () => {
    expect(when([created()], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'v1.sealed' })).toEqual([started]);
    expect(refusal([created()], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'x' }, admin)).toMatchObject({ kind: 'forbidden', message: USER_MESSAGES.secondFactorOwnOnly });
    expect(refusal([created('student')], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'x' }, contextAs('student', userId))).toMatchObject({
      kind: 'forbidden',
      message: USER_MESSAGES.secondFactorStaffOnly,
    });
    expect(refusal([created(), started, enrolled], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'x' })).toMatchObject({
      kind: 'conflict',
      message: USER_MESSAGES.secondFactorAlreadyEnrolled,
    });
  });

  it('a restarted enrolment replaces the pending secret', () => {
    const again: UserEvent = { type: 'SecondFactorEnrolmentStarted', data: { userId, encryptedSecret: 'v1.other' } };
    expect(when([created(), started], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'v1.other' })).toEqual([again]);
  });

  it('confirms with a code of the pending secret and ten recovery codes; nothing to confirm before a start', () => {
    expect(when([created(), started], { type: 'ConfirmSecondFactor', userId, step: 100, recoveryCodeHashes })).toEqual([enrolled]);
    expect(refusal([created()], { type: 'ConfirmSecondFactor', userId, step: 100, recoveryCodeHashes })).toMatchObject({ kind: 'conflict', message: USER_MESSAGES.secondFactorNotStarted });
    expect(refusal([created(), started], { type: 'ConfirmSecondFactor', userId, step: 100, recoveryCodeHashes: recoveryCodeHashes.slice(1) })).toMatchObject({ kind: 'invalid' });
    expect(refusal([created(), started], { type: 'ConfirmSecondFactor', userId, step: 100, recoveryCodeHashes }, admin)).toMatchObject({ kind: 'forbidden' });
  });

  it('login asks for a code once enrolled (the state says so)', () => {
    const state = [created(), started, enrolled].reduce(userDecider.evolve, userDecider.initialState);
    expect(state.secondFactor).toMatchObject({ status: 'enrolled', lastUsedStep: 100 });
    expect(canLogIn(state)).toEqual({ ok: true });
  });

  it('accepts a code of a later time step, and refuses one of the step already used or an earlier one', () => {
    const used: UserEvent = { type: 'SecondFactorCodeUsed', data: { userId, step: 101 } };
    expect(when([created(), started, enrolled], { type: 'UseSecondFactorCode', userId, step: 101 }, visitor)).toEqual([used]);
    for (const step of [101, 100, 99]) {
      expect(refusal([created(), started, enrolled, used], { type: 'UseSecondFactorCode', userId, step }, visitor)).toEqual({
        kind: 'invalid',
        message: USER_MESSAGES.secondFactorCodeUsed,
        errors: undefined,
      });
    }
    expect(refusal([created(), started], { type: 'UseSecondFactorCode', userId, step: 200 }, visitor)).toMatchObject({ kind: 'invalid' });
  });

  it('spends a recovery code once: its reuse and an unknown code are refused alike', () => {
    const usedCode: UserEvent = { type: 'RecoveryCodeUsed', data: { userId, codeHash: 'rc-3', remaining: RECOVERY_CODE_COUNT - 1 } };
    expect(when([created(), started, enrolled], { type: 'UseRecoveryCode', userId, codeHash: 'rc-3' }, visitor)).toEqual([usedCode]);
    const invalid = { kind: 'invalid', message: USER_MESSAGES.invalidRecoveryCode, errors: undefined };
    expect(refusal([created(), started, enrolled, usedCode], { type: 'UseRecoveryCode', userId, codeHash: 'rc-3' }, visitor)).toEqual(invalid);
    expect(refusal([created(), started, enrolled], { type: 'UseRecoveryCode', userId, codeHash: 'nope' }, visitor)).toEqual(invalid);
    expect(when([created(), started, enrolled, usedCode], { type: 'UseRecoveryCode', userId, codeHash: 'rc-4' }, visitor)).toEqual([
      { type: 'RecoveryCodeUsed', data: { userId, codeHash: 'rc-4', remaining: RECOVERY_CODE_COUNT - 2 } },
    ]);
  });

  it('an admin resets another account\'s second factor, which ends its sessions and lets it enrol again', () => {
    const reset: UserEvent = { type: 'SecondFactorReset', data: { userId } };
    expect(when([created(), started, enrolled], { type: 'ResetSecondFactor', userId }, admin)).toEqual([reset]);
    const before = [created(), started, enrolled].reduce(userDecider.evolve, userDecider.initialState);
    const after = userDecider.evolve(before, reset);
    expect(after.secondFactor).toMatchObject({ status: 'none', encryptedSecret: null, recoveryCodes: [] });
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(when([created(), started, enrolled, reset], { type: 'StartSecondFactorEnrolment', userId, encryptedSecret: 'v1.new' })).toHaveLength(1);
    // The recovery codes of the reset factor are gone with it.
    expect(refusal([created(), started, enrolled, reset], { type: 'UseRecoveryCode', userId, codeHash: 'rc-1' }, visitor)).toMatchObject({ kind: 'invalid' });
    expect(refusal([created()], { type: 'ResetSecondFactor', userId }, admin)).toMatchObject({ kind: 'conflict', message: USER_MESSAGES.secondFactorNotEnrolled });
    expect(refusal([created('admin'), started, enrolled], { type: 'ResetSecondFactor', userId }, contextAs('admin', userId))).toMatchObject({
      kind: 'forbidden',
      message: USER_MESSAGES.secondFactorCannotResetOwn,
    });
  });
});

describe('the portal\'s second-factor requirement', () => {
  const required: SecuritySettingsEvent = { type: 'SecondFactorRequirementChanged', data: { required: true } };

  it('an admin turns it on and off; setting it as it is changes nothing', () => {
    expect(given(securitySettingsDecider, []).when({ type: 'SetSecondFactorRequirement', required: true }, admin)).toEqual([required]);
    expect(given(securitySettingsDecider, [required]).when({ type: 'SetSecondFactorRequirement', required: true }, admin)).toEqual([]);
    expect(given(securitySettingsDecider, [required]).when({ type: 'SetSecondFactorRequirement', required: false }, admin)).toEqual([
      { type: 'SecondFactorRequirementChanged', data: { required: false } },
    ]);
  });

  it('nobody else may', () => {
    expect(rejectionOf(() => given(securitySettingsDecider, []).when({ type: 'SetSecondFactorRequirement', required: true }, self))).toMatchObject({ kind: 'forbidden' });
  });
});
