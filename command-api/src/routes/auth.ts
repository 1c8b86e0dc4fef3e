import { randomUUID } from 'node:crypto';
import express from 'express';
import {
  EMAIL_CLAIM_EVENT_VERSIONS,
  USER_EVENT_VERSIONS,
  USER_MESSAGES,
  VERIFICATION_TOKEN_TTL_MS,
  canLogIn,
  emailClaimDecider,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  userDecider,
  userStreamId,
  verifyEmailSchema,
  type UserState,
} from '@placement/domain';
import {
  emailStreamOf,
  hashPassword,
  hashToken,
  HttpError,
  issueToken,
  loadUser,
  passwordMatches,
  type RouteSpec,
  userIdByEmail,
  userIdOfToken,
  verificationToken,
} from '@placement/platform';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { contextOf, execute, positionOf } from '../execute';
import { loginLimiter, publicSubmissionLimiter } from '../rate-limits';

export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  verified: 'Email verified successfully.',
} as const;

/** What the client learns about the signed-in account. */
export const sessionUser = (user: UserState) => ({
  _id: user.userId,
  id: user.userId,
  fullName: user.fullName,
  email: user.email,
  role: user.role,
  status: user.status,
  rollNo: user.rollNo,
  mobileNo: user.mobileNo,
});

const sessionSchema = z.object({ token: z.string(), user: z.object({ _id: z.string(), role: z.string(), fullName: z.string(), email: z.string() }) });
const messageSchema = z.object({ message: z.string(), position: z.number() });

const verificationExpiry = (now: Date) => new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();

export function authRoutes(deps: CommandApiDeps): RouteSpec[] {
  const tokens = { secret: deps.env.JWT_SECRET, expiresIn: deps.env.JWT_EXPIRES_IN };
  const tokenHashFor = (userId: string, now: Date) => hashToken(verificationToken(deps.env.JWT_SECRET, userId, verificationExpiry(now)));
  const json = express.json({ limit: '64kb' });

  return [
    {
      method: 'post',
      paths: ['/api/auth/register'],
      action: 'auth.register',
      summary: 'Sign up as a student; a verification e-mail follows',
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps.env.PUBLIC_SUBMISSIONS_PER_HOUR * 5), json],
      body: registerSchema(deps.env.ALLOWED_EMAIL_DOMAINS),
      responds: { status: 201, description: 'Account created, verification e-mail queued', schema: messageSchema },
      handler: async (_req, res) => {
        const input = res.locals.body as z.infer<ReturnType<typeof registerSchema>>;
        const userId = randomUUID();
        const context = contextOf(deps, res);
        const passwordHash = await hashPassword(input.password);
        await execute(deps, res, { streamId: emailStreamOf(input.email), decider: emailClaimDecider, versions: EMAIL_CLAIM_EVENT_VERSIONS, command: { type: 'ClaimEmail', userId } }, context);
        await execute(
          deps,
          res,
          {
            streamId: userStreamId(userId),
            decider: userDecider,
            versions: USER_EVENT_VERSIONS,
            command: { type: 'RegisterUser', userId, fullName: input.fullName, email: input.email, rollNo: input.rollNo, passwordHash, verificationTokenHash: tokenHashFor(userId, context.now) },
          },
          context,
        );
        res.status(201).json({ message: AUTH_MESSAGES.registered, position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/resend-verification'],
      action: 'auth.resendVerification',
      summary: 'Send a new verification e-mail',
      tags: ['auth'],
      before: [publicSubmissionLimiter(deps.env.PUBLIC_SUBMISSIONS_PER_HOUR), json],
      body: resendVerificationSchema,
      responds: { status: 200, description: 'A new link was issued', schema: messageSchema },
      handler: async (_req, res) => {
        const { email } = res.locals.body as z.infer<typeof resendVerificationSchema>;
        const userId = await userIdByEmail(deps.store, email);
        if (!userId) throw new HttpError(404, USER_MESSAGES.noAccountForEmail);
        const context = contextOf(deps, res);
        await execute(
          deps,
          res,
          { streamId: userStreamId(userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command: { type: 'ResendVerification', userId, verificationTokenHash: tokenHashFor(userId, context.now) } },
          context,
        );
        res.json({ message: AUTH_MESSAGES.verificationSent, position: positionOf(res) });
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
      responds: { status: 200, description: 'Verified; a session token and the user', schema: sessionSchema },
      handler: async (_req, res) => {
        const { token } = res.locals.body as z.infer<typeof verifyEmailSchema>;
        const userId = userIdOfToken(token);
        if (!userId) throw new HttpError(400, USER_MESSAGES.invalidVerificationLink);
        await execute(deps, res, { streamId: userStreamId(userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command: { type: 'VerifyEmail', userId, tokenHash: hashToken(token) } });
        const user = await loadUser(deps.store, userId);
        // Verifying signs the user in, so it must not open a door that login would keep shut.
        const check = canLogIn(user);
        if (!check.ok) throw new HttpError(check.status, check.message);
        res.json({ message: AUTH_MESSAGES.verified, token: issueToken(tokens, { id: userId, role: user.role }), user: sessionUser(user), position: positionOf(res) });
      },
    },
    {
      method: 'post',
      paths: ['/api/auth/login'],
      action: 'auth.login',
      summary: 'Sign in with e-mail and password',
      tags: ['auth'],
      before: [json, loginLimiter(deps.env.LOGIN_ATTEMPTS_PER_15_MINUTES)],
      body: loginSchema,
      responds: { status: 200, description: 'A session token and the user', schema: sessionSchema },
      handler: async (_req, res) => {
        const { email, password } = res.locals.body as z.infer<typeof loginSchema>;
        const userId = await userIdByEmail(deps.store, email);
        const user = userId ? await loadUser(deps.store, userId) : undefined;
        // The password is checked before the account's state, so a stranger learns nothing about it.
        if (!user?.passwordHash || !(await passwordMatches(user.passwordHash, password))) throw new HttpError(401, USER_MESSAGES.invalidCredentials);
        const check = canLogIn(user);
        if (!check.ok) throw new HttpError(check.status, check.message);
        res.json({ token: issueToken(tokens, { id: user.userId!, role: user.role }), user: sessionUser(user) });
      },
    },
  ];
}
