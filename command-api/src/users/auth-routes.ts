import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import {
  PASSWORD_RESET_TOKEN_TTL_MS,
  USER_EVENT_VERSIONS,
  USER_MESSAGES,
  VERIFICATION_TOKEN_TTL_MS,
  canLogIn,
  changePasswordSchema,
  forgotPasswordSchema,
  commandMessageReplySchema,
  isRejection,
  sessionCommandReplySchema,
  loginReplySchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  userDecider,
  userStreamId,
  verifyEmailSchema,
  type UserCommand,
} from '@placement/domain';
import {
  accountPasswordCheck,
  actorOf,
  argon2Passwords,
  badRequest,
  hashToken,
  HttpError,
  issueToken,
  loadUser,
  passwordResetToken,
  type RouteSpec,
  userIdByEmail,
  userIdOfToken,
  verificationToken,
} from '@placement/platform';
import type { z } from 'zod';
import { isEmailTaken, userCommand, withEmailClaimed } from '../accounts';
import type { CommandApiDeps } from '../deps';
import { execute, invocationOf, notePosition, positionOf, run, type Invocation } from '../execute';
import { loginLimiter, passwordChangeLimiter, publicSubmissionLimiter } from '../rate-limits';
import { secondFactorStepOf } from './context';
import { AUTH_MESSAGES, sessionOf, sessionUser } from './views';

/**
 * The forgot-password reply comes no sooner than this after the request arrived, for a known address
 * and an unknown one alike: both do the same reads, and the known one's append (a few milliseconds)
 * disappears under the floor.
 */
export const FORGOT_PASSWORD_REPLY_FLOOR_MS = 250;

const verificationExpiry = (now: Date) => new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
const resetExpiry = (now: Date) => new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS).toISOString();

export function authRoutes(deps: CommandApiDeps): RouteSpec[] {
  const tokens = { secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN };
  const tokenHashFor = (userId: string, now: Date) => hashToken(verificationToken(deps.env.JWT_SECRET, userId, verificationExpiry(now)));
  const resetTokenHashFor = (userId: string, now: Date) => hashToken(passwordResetToken(deps.env.JWT_SECRET, userId, resetExpiry(now)));
  const json = express.json({ limit: '64kb' });
  const passwords = deps.passwords ?? argon2Passwords;
  const checkPassword = accountPasswordCheck(passwords);

  /**
   * Register and resend answer alike whether or not the address has an account: the same status and
   * message, and as `position` the head of the log once the request's own writes are in it (a
   * position taken from the request's own events would tell a new account from an old one).
   */
  async function replyAlike(res: Response, status: number, message: string): Promise<void> {
    notePosition(res, await deps.store.headPosition());
    res.status(status).json({ message, position: positionOf(res) });
  }

  /** Runs a command on an account that may be gone or in any state; a refusal changes nothing and is not told. */
  async function quietly(invocation: Invocation, command: UserCommand): Promise<void> {
    await run(deps.store, invocation, userCommand(command)).catch((error: unknown) => {
      if (!isRejection(error)) throw error;
    });
  }

  /**
   * A sign-up with an address that has an account: its owner gets a new verification link (unverified)
   * or a mail saying someone tried (verified, at most hourly); the caller learns nothing.
   */
  async function noteAttemptOnExistingAccount(invocation: Invocation, email: string): Promise<void> {
    const ownerId = await userIdByEmail(deps.store, email);
    if (ownerId) await quietly(invocation, { type: 'NoteRegistrationAttempt', userId: ownerId, verificationTokenHash: tokenHashFor(ownerId, invocation.context.now) });
  }

  return [
    {
      method: 'post',
      paths: ['/api/auth/register'],
      action: 'auth.register',
      summary: 'Sign up as a student; a verification e-mail follows (the same reply whether or not the address has an account)',
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps, 'register', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR * 5), json],
      body: registerSchema(deps.env.ALLOWED_EMAIL_DOMAINS, deps.commonPasswords),
      responds: { status: 201, description: 'Account created and verification e-mail queued, or the owner of the address told', schema: commandMessageReplySchema },
      handler: async (_req, res) => {
        const input = res.locals.body as z.infer<ReturnType<typeof registerSchema>>;
        const userId = randomUUID();
        const invocation = invocationOf(deps, res);
        const passwordHash = await passwords.hash(input.password);
        const register: UserCommand = {
          type: 'RegisterUser',
          userId,
          fullName: input.fullName,
          email: input.email,
          rollNo: input.rollNo,
          passwordHash,
          verificationTokenHash: tokenHashFor(userId, invocation.context.now),
        };
        try {
          await withEmailClaimed(deps, invocation, input.email, userId, () => run(deps.store, invocation, userCommand(register)));
        } catch (error) {
          if (!isEmailTaken(error)) throw error;
          await noteAttemptOnExistingAccount(invocation, input.email);
        }
        await replyAlike(res, 201, AUTH_MESSAGES.registered);
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/resend-verification'],
      action: 'auth.resendVerification',
      summary: 'Send a new verification e-mail (the same reply whether or not the address has an unverified account)',
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps, 'resend-verification', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR), json],
      body: resendVerificationSchema,
      responds: { status: 200, description: 'A new link was issued if the address has an unverified account; earlier links keep working', schema: commandMessageReplySchema },
      handler: async (_req, res) => {
        const { email } = res.locals.body as z.infer<typeof resendVerificationSchema>;
        const userId = await userIdByEmail(deps.store, email);
        const invocation = invocationOf(deps, res);
        if (userId) await quietly(invocation, { type: 'ResendVerification', userId, verificationTokenHash: tokenHashFor(userId, invocation.context.now) });
        await replyAlike(res, 200, AUTH_MESSAGES.verificationSent);
      },
    },
    {
      method: 'post',
      // The client spells this path with a doubled /api; both readings are the contract.
      paths: ['/api/auth/verify-email', '/api/api/auth/verify-email'],
      action: 'auth.verifyEmail',
      summary: 'Verify the e-mail address with the token of the link; signs the user in',
      tags: ['auth'],
      before: [json],
      body: verifyEmailSchema,
      responds: { status: 200, description: 'Verified; a session token and the user', schema: sessionCommandReplySchema },
      handler: async (_req, res) => {
        const { token } = res.locals.body as z.infer<typeof verifyEmailSchema>;
        const userId = userIdOfToken(token);
        if (!userId) throw new HttpError(400, USER_MESSAGES.invalidVerificationLink);
        const { state: user } = await execute(deps, res, { streamId: userStreamId(userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command: { type: 'VerifyEmail', userId, tokenHash: hashToken(token) } });
        // Verifying signs the user in, so it must not open a door that login would keep shut.
        const check = canLogIn(user);
        if (!check.ok) throw new HttpError(check.status, check.message);
        res.json({ message: AUTH_MESSAGES.verified, token: issueToken(tokens, sessionOf(user)), user: sessionUser(user), position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/login'],
      action: 'auth.login',
      summary: 'Sign in with e-mail and password; an admin or staff account with a second factor (or required to set one up) gets a challenge for that step instead',
      tags: ['auth'],
      before: [json, loginLimiter(deps, deps.env.LOGIN_ATTEMPTS_PER_15_MINUTES)],
      body: loginSchema,
      responds: { status: 200, description: 'A session token and the user, or the second-factor step', schema: loginReplySchema },
      handler: async (_req, res) => {
        const { email, password } = res.locals.body as z.infer<typeof loginSchema>;
        const userId = await userIdByEmail(deps.store, email);
        const user = userId ? await loadUser(deps.store, userId) : undefined;
        // An unknown address costs one password check too (against a dummy hash), so timing tells nothing.
        // The password is checked before the account's state, so a stranger learns nothing about it.
        const matched = await checkPassword(user?.passwordHash, password);
        if (!user?.userId || !matched) throw new HttpError(401, USER_MESSAGES.invalidCredentials);
        const check = canLogIn(user);
        if (!check.ok) throw new HttpError(check.status, check.message);
        const secondStep = await secondFactorStepOf(deps, user);
        if (secondStep) {
          res.json(secondStep);
          return;
        }
        res.json({ token: issueToken(tokens, sessionOf(user)), user: sessionUser(user) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/forgot-password'],
      action: 'auth.forgotPassword',
      summary: 'Mail a password reset link (30 minutes, one use); the same reply whether or not the address has an account',
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps, 'forgot-password', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR * 5), json],
      body: forgotPasswordSchema,
      responds: { status: 200, description: 'A reset link was issued if the address has an account', schema: commandMessageReplySchema },
      handler: async (_req, res) => {
        const startedAt = Date.now();
        const { email } = res.locals.body as z.infer<typeof forgotPasswordSchema>;
        const invocation = invocationOf(deps, res);
        const userId = await userIdByEmail(deps.store, email);
        // The same work either way: the token's hash and a read of an account stream; only a known
        // address appends (and so mails), and an account that cannot take it is not told.
        const tokenHash = resetTokenHashFor(userId ?? randomUUID(), invocation.context.now);
        if (userId) await quietly(invocation, { type: 'RequestPasswordReset', userId, tokenHash });
        else await loadUser(deps.store, randomUUID());
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + FORGOT_PASSWORD_REPLY_FLOOR_MS - Date.now())));
        await replyAlike(res, 200, AUTH_MESSAGES.resetRequested);
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/reset-password'],
      action: 'auth.resetPassword',
      summary: "Set a new password with a reset link's token; ends every session of the account and verifies an unverified address",
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps, 'reset-password', deps.env.PUBLIC_SUBMISSIONS_PER_HOUR * 5), json],
      body: resetPasswordSchema(deps.commonPasswords),
      responds: { status: 200, description: 'The password was reset; sign in with it', schema: commandMessageReplySchema },
      handler: async (_req, res) => {
        const { token, password } = res.locals.body as z.infer<ReturnType<typeof resetPasswordSchema>>;
        const userId = userIdOfToken(token);
        if (!userId) throw new HttpError(400, USER_MESSAGES.passwordResetLinkInvalid);
        const passwordHash = await passwords.hash(password);
        await execute(deps, res, userCommand({ type: 'ResetPassword', userId, tokenHash: hashToken(token), passwordHash }));
        res.json({ message: AUTH_MESSAGES.passwordReset, position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/change-password'],
      action: 'auth.changePassword',
      summary: 'Change the signed-in account\'s password (the current one required); ends every other session and answers with a new token',
      tags: ['auth'],
      before: [json, passwordChangeLimiter(deps, deps.env.LOGIN_ATTEMPTS_PER_15_MINUTES)],
      body: changePasswordSchema(deps.commonPasswords),
      responds: { status: 200, description: 'Changed; a new session token (every earlier one has ended) and the user', schema: sessionCommandReplySchema },
      handler: async (_req, res) => {
        const { currentPassword, newPassword } = res.locals.body as z.infer<ReturnType<typeof changePasswordSchema>>;
        const userId = actorOf(res).id!;
        const user = await loadUser(deps.store, userId);
        if (!(await checkPassword(user.passwordHash, currentPassword))) {
          throw badRequest(USER_MESSAGES.currentPasswordIncorrect, [{ field: 'currentPassword', message: USER_MESSAGES.currentPasswordIncorrect }]);
        }
        const passwordHash = await passwords.hash(newPassword);
        const { state: changed } = await execute(deps, res, userCommand({ type: 'ChangePassword', userId, passwordHash }));
        res.json({ message: AUTH_MESSAGES.passwordChanged, token: issueToken(tokens, sessionOf(changed)), user: sessionUser(changed), position: positionOf(res) });
      },
    },
  ];
}
