import express, { type Response } from 'express';
import {
  commandMessageReplySchema,
  isRejection,
  secondFactorEnrolledReplySchema,
  secondFactorEnrolledSessionReplySchema,
  secondFactorRequirementReplySchema,
  secondFactorSessionReplySchema,
  secondFactorSetupReplySchema,
  SECURITY_SETTINGS_EVENT_VERSIONS,
  SECURITY_SETTINGS_STREAM,
  securitySettingsDecider,
  USER_MESSAGES,
  type CommandContext,
  type UserState,
} from '@placement/domain';
import {
  actorOf,
  badRequest,
  hashRecoveryCode,
  HttpError,
  issueToken,
  loadUser,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  sealTotpSecret,
  verifyChallenge,
  type ChallengePurpose,
  type RouteSpec,
} from '@placement/platform';
import { z } from 'zod';
import { userCommand } from '../accounts';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { SECOND_FACTOR_MESSAGES, sessionOf, sessionUser } from './views';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

const codeBody = z.object({ code: z.string().trim().min(1, 'Please enter the code.').max(32) });
const challengeBody = z.object({ challenge: z.string().min(1).max(2048) });
const secondStepBody = challengeBody.extend({
  code: z.string().trim().max(32).optional(),
  recoveryCode: z.string().trim().max(64).optional(),
}).refine((body) => (body.code ? 1 : 0) + (body.recoveryCode ? 1 : 0) === 1, { message: 'Please enter the code or a recovery code.', path: ['code'] });

export function secondFactorRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '16kb' });
  const tokens = { secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN };
  const secret = deps.env.JWT_SECRET;
  const limit = deps.env.LOGIN_ATTEMPTS_PER_15_MINUTES;
  const throttleKey = (userId: string) => `second-factor:account|${userId}`;

  /**
   * Wrong codes are counted per account, whoever sends them: each attempt counts, a right code takes
   * its count back (as the login limit does), and past the limit no code is checked at all.
   */
  async function throttled<T>(userId: string, attempt: () => Promise<T>): Promise<T> {
    const { hits } = await deps.rateCounters.increment(throttleKey(userId), FIFTEEN_MINUTES, limit);
    if (hits > limit) throw new HttpError(429, SECOND_FACTOR_MESSAGES.tooManyAttempts);
    const result = await attempt();
    await deps.rateCounters.decrement(throttleKey(userId), FIFTEEN_MINUTES);
    return result;
  }

  /** The account a challenge stands for, still as it was at its password (no session ended since). */
  async function accountOfChallenge(token: string, purpose: ChallengePurpose): Promise<UserState> {
    const challenge = verifyChallenge(secret, token, purpose);
    const user = challenge && (await loadUser(deps.store, challenge.userId));
    if (!challenge || !user?.exists || user.deleted || user.sessionVersion !== challenge.sessionVersion || user.status !== 'active') {
      throw new HttpError(401, SECOND_FACTOR_MESSAGES.challengeInvalid);
    }
    return user;
  }

  /** The account itself acts in the steps of its own sign-in: the audit history names it. */
  const asAccount = (user: UserState): CommandContext => ({ now: deps.now(), actor: { id: user.userId, role: user.role } });

  async function startEnrolment(res: Response, user: UserState, context: CommandContext) {
    const base32 = newTotpSecret();
    await execute(deps, res, userCommand({ type: 'StartSecondFactorEnrolment', userId: user.userId!, encryptedSecret: sealTotpSecret(secret, user.userId!, base32) }), context);
    const uri = otpauthUri(base32, user.email);
    res.json({ secret: base32, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri), position: positionOf(res) });
  }

  /** Confirms the pending secret with a current code; answers the recovery codes (shown once, stored hashed). */
  /** The recovery codes (shown once) and the account as the confirmation left it. */
  async function confirmEnrolment(res: Response, user: UserState, code: string, context: CommandContext): Promise<{ recoveryCodes: string[]; enrolled: UserState }> {
    return throttled(user.userId!, () => confirmPending(res, user, code, context));
  }

  async function confirmPending(res: Response, user: UserState, code: string, context: CommandContext): Promise<{ recoveryCodes: string[]; enrolled: UserState }> {
    const sealed = user.secondFactor.status === 'pending' ? user.secondFactor.encryptedSecret : null;
    if (sealed === null) throw new HttpError(409, user.secondFactor.status === 'enrolled' ? USER_MESSAGES.secondFactorAlreadyEnrolled : USER_MESSAGES.secondFactorNotStarted);
    const step = matchingTotpStep(openTotpSecret(secret, user.userId!, sealed), code, context.now);
    if (step === undefined) {
      throw badRequest(USER_MESSAGES.invalidSecondFactorCode, [{ field: 'code', message: USER_MESSAGES.invalidSecondFactorCode }]);
    }
    const recoveryCodes = newRecoveryCodes();
    const { state: enrolled } = await execute(deps, res, userCommand({ type: 'ConfirmSecondFactor', userId: user.userId!, step, recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode) }), context);
    return { recoveryCodes, enrolled };
  }

  /** A code or a recovery code at sign-in; a wrong or used one is 401 and counts against the account. */
  const checkSecondStep = (res: Response, user: UserState, body: z.infer<typeof secondStepBody>): Promise<UserState> =>
    throttled(user.userId!, () => checkCodeOrRecoveryCode(res, user, body));

  /** The account as the accepted code left it. */
  async function checkCodeOrRecoveryCode(res: Response, user: UserState, body: z.infer<typeof secondStepBody>): Promise<UserState> {
    const context = asAccount(user);
    const wrong = (message: string): never => {
      throw new HttpError(401, message);
    };
    if (body.recoveryCode) {
      try {
        return (await execute(deps, res, userCommand({ type: 'UseRecoveryCode', userId: user.userId!, codeHash: hashRecoveryCode(body.recoveryCode) }), context)).state;
      } catch (error) {
        if (isRejection(error)) wrong(USER_MESSAGES.invalidRecoveryCode);
        throw error;
      }
    }
    const sealed = user.secondFactor.encryptedSecret;
    const step = sealed === null ? undefined : matchingTotpStep(openTotpSecret(secret, user.userId!, sealed), body.code ?? '', context.now);
    if (step === undefined) wrong(USER_MESSAGES.invalidSecondFactorCode);
    try {
      return (await execute(deps, res, userCommand({ type: 'UseSecondFactorCode', userId: user.userId!, step: step! }), context)).state;
    } catch (error) {
      if (isRejection(error)) wrong(error.message);
      throw error;
    }
  }

  /** The session of the account as the request's last command left it. */
  const sessionReply = (res: Response, user: UserState, extra: Record<string, unknown> = {}) => {
    res.json({ token: issueToken(tokens, sessionOf(user)), user: sessionUser(user), ...extra, position: positionOf(res) });
  };

  return [
    {
      method: 'post',
      paths: ['/api/auth/login/second-factor'],
      action: 'auth.login',
      summary: "Second step of an admin's or staff member's sign-in: the challenge of the password step with a current code or a recovery code",
      tags: ['auth'],
      before: [json],
      body: secondStepBody,
      responds: { status: 200, description: 'A session token and the user', schema: secondFactorSessionReplySchema },
      handler: async (_req, res) => {
        const body = res.locals.body as z.infer<typeof secondStepBody>;
        const user = await accountOfChallenge(body.challenge, 'second-factor');
        sessionReply(res, await checkSecondStep(res, user, body));
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/login/second-factor/setup'],
      action: 'auth.login',
      summary: 'While a second factor is required: start its set-up at sign-in, with the enrolment challenge of the password step',
      tags: ['auth'],
      before: [json],
      body: challengeBody,
      responds: { status: 200, description: 'The new secret, its otpauth URI and a QR code of it', schema: secondFactorSetupReplySchema },
      handler: async (_req, res) => {
        const { challenge } = res.locals.body as z.infer<typeof challengeBody>;
        const user = await accountOfChallenge(challenge, 'second-factor-enrolment');
        await startEnrolment(res, user, asAccount(user));
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/login/second-factor/confirm'],
      action: 'auth.login',
      summary: 'While a second factor is required: confirm its set-up at sign-in with a current code; answers the session and the recovery codes (shown once)',
      tags: ['auth'],
      before: [json],
      body: challengeBody.extend(codeBody.shape),
      responds: { status: 200, description: 'A session token, the user and ten recovery codes', schema: secondFactorEnrolledSessionReplySchema },
      handler: async (_req, res) => {
        const { challenge, code } = res.locals.body as { challenge: string; code: string };
        const user = await accountOfChallenge(challenge, 'second-factor-enrolment');
        const { recoveryCodes, enrolled } = await confirmEnrolment(res, user, code, asAccount(user));
        sessionReply(res, enrolled, { recoveryCodes, message: SECOND_FACTOR_MESSAGES.enrolled });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/second-factor/setup'],
      action: 'auth.secondFactor',
      summary: 'Start setting up the signed-in admin\'s or staff member\'s second factor (a new secret replaces a pending one)',
      tags: ['auth'],
      before: [json],
      responds: { status: 200, description: 'The new secret, its otpauth URI and a QR code of it', schema: secondFactorSetupReplySchema },
      handler: async (_req, res) => {
        const user = await loadUser(deps.store, actorOf(res).id!);
        await startEnrolment(res, user, { now: deps.now(), actor: actorOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/second-factor/confirm'],
      action: 'auth.secondFactor',
      summary: 'Confirm the second factor being set up with a current code; answers ten recovery codes (shown once)',
      tags: ['auth'],
      before: [json],
      body: codeBody,
      responds: { status: 200, description: 'Enrolled; the recovery codes', schema: secondFactorEnrolledReplySchema },
      handler: async (_req, res) => {
        const { code } = res.locals.body as z.infer<typeof codeBody>;
        const user = await loadUser(deps.store, actorOf(res).id!);
        const { recoveryCodes } = await confirmEnrolment(res, user, code, { now: deps.now(), actor: actorOf(res) });
        res.json({ message: SECOND_FACTOR_MESSAGES.enrolled, recoveryCodes, position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/admin/users/:id/second-factor/reset'],
      action: 'users.resetSecondFactor',
      summary: "Reset another account's second factor (a lost phone); its sessions end and it sets one up again",
      tags: ['users'],
      responds: { status: 200, description: 'Reset', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        await execute(deps, res, userCommand({ type: 'ResetSecondFactor', userId: String(req.params.id) }));
        res.json({ message: SECOND_FACTOR_MESSAGES.reset, position: positionOf(res) });
      },
    },
    {
      method: 'put',
      paths: ['/api/admin/settings/security'],
      action: 'settings.security',
      summary: 'Require (or stop requiring) a second factor of every admin and staff account',
      tags: ['settings'],
      before: [json],
      body: z.object({ secondFactorRequired: z.boolean() }),
      responds: { status: 200, description: 'The setting as it now is', schema: secondFactorRequirementReplySchema },
      handler: async (_req, res) => {
        const { secondFactorRequired: required } = res.locals.body as { secondFactorRequired: boolean };
        await execute(deps, res, {
          streamId: SECURITY_SETTINGS_STREAM,
          decider: securitySettingsDecider,
          versions: SECURITY_SETTINGS_EVENT_VERSIONS,
          command: { type: 'SetSecondFactorRequirement', required },
        });
        res.json({ message: required ? SECOND_FACTOR_MESSAGES.requirementOn : SECOND_FACTOR_MESSAGES.requirementOff, secondFactorRequired: required, position: positionOf(res) });
      },
    },
  ];
}
