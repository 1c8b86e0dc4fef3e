import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import {
  bulkReplySchema,
  changeRoleSchema,
  commandMessageReplySchema,
  changeStatusSchema,
  newUserSchema,
  editUserSchema,
  normalizeEmail,
  roleSchema,
  userCommandReplySchema,
  type CreateUserInput,
  type EmailClaimCommand,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '@placement/domain';
import {
  type CommandOutcome,
  argon2Passwords,
  loadUser,
  type RouteSpec,
} from '@placement/platform';
import { z } from 'zod';
import { createAccount, emailClaimCommand, userCommand, withEmailClaimed } from '../accounts';
import { bulkIdsSchema, forEachId } from '../bulk';
import type { CommandApiDeps } from '../deps';
import { execute, invocationOf, positionOf } from '../execute';
import { preflight } from '../uploads';
import { sessionUser, USER_REPLIES } from './views';

export function userRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '64kb' });
  const bulkDeleteBody = z.object({ ids: bulkIdsSchema(USER_REPLIES.noSelection) });
  const bulkRoleBody = z.object({ ids: bulkIdsSchema(USER_REPLIES.noSelection), role: roleSchema });

  const runOnUser = (res: Response, command: UserCommand) => execute(deps, res, userCommand(command));
  const runOnClaim = (res: Response, email: string, command: EmailClaimCommand) => execute(deps, res, emailClaimCommand(email, command));

  function replyWithUser(res: Response, status: number, message: string, outcome: CommandOutcome<UserEvent, UserState>) {
    res.status(status).json({ message, user: sessionUser(outcome.state), position: positionOf(res) });
  }

  async function createUser(res: Response) {
    const { password, ...details } = res.locals.body as CreateUserInput;
    const userId = randomUUID();
    const passwordHash = await (deps.passwords ?? argon2Passwords).hash(password);
    const outcome = await createAccount(deps, invocationOf(deps, res), { userId, passwordHash, ...details });
    replyWithUser(res, 201, USER_REPLIES.created, outcome);
  }

  /** A new address is claimed before the change and the old one released after it. */
  async function editUser(res: Response, userId: string) {
    const command: UserCommand = { type: 'ChangeUserDetails', userId, ...(res.locals.body as z.output<typeof editUserSchema>) };
    // Refusals (no such user, an admin demoting themselves) come before any address is claimed.
    await preflight(deps, res, userCommand(command));
    const previousEmail = (await loadUser(deps.store, userId)).email;
    if (normalizeEmail(command.email) === previousEmail) return replyWithUser(res, 200, USER_REPLIES.updated, await runOnUser(res, command));
    const outcome = await withEmailClaimed(deps, invocationOf(deps, res), command.email, userId, () => runOnUser(res, command));
    await runOnClaim(res, previousEmail, { type: 'ReleaseEmail', userId });
    replyWithUser(res, 200, USER_REPLIES.updated, outcome);
  }

  /** Deleting an account frees its address for a new one. */
  async function deleteUser(res: Response, userId: string): Promise<{ position: number }> {
    const outcome = await runOnUser(res, { type: 'DeleteUser', userId });
    const deleted = outcome.events.find((event) => event.type === 'UserDeleted');
    return deleted ? runOnClaim(res, deleted.data.email, { type: 'ReleaseEmail', userId }) : outcome;
  }

  return [
    {
      method: 'post',
      paths: ['/api/admin/users'],
      action: 'users.create',
      summary: 'Create an account of any role; it is verified at once',
      tags: ['users'],
      before: [json],
      body: newUserSchema(deps.commonPasswords),
      responds: { status: 201, description: 'The new user', schema: userCommandReplySchema },
      handler: (_req, res) => createUser(res),
    },
    {
      method: 'put',
      paths: ['/api/admin/users/:id'],
      action: 'users.edit',
      summary: "Edit an account's details, role and status",
      tags: ['users'],
      before: [json],
      body: editUserSchema,
      responds: { status: 200, description: 'The updated user', schema: userCommandReplySchema },
      handler: (req, res) => editUser(res, String(req.params.id)),
    },
    {
      method: 'delete',
      paths: ['/api/admin/users/:id'],
      action: 'users.delete',
      summary: 'Delete an account and free its e-mail address',
      tags: ['users'],
      responds: { status: 200, description: 'Deleted', schema: commandMessageReplySchema },
      handler: async (req, res) => {
        await deleteUser(res, String(req.params.id));
        res.json({ message: USER_REPLIES.deleted, position: positionOf(res) });
      },
    },
    {
      method: 'put',
      paths: ['/api/admin/users/:id/role'],
      action: 'users.changeRole',
      summary: "Change an account's role",
      tags: ['users'],
      before: [json],
      body: changeRoleSchema,
      responds: { status: 200, description: 'The updated user', schema: userCommandReplySchema },
      handler: async (req, res) => {
        const userId = String(req.params.id);
        const { role } = res.locals.body as z.output<typeof changeRoleSchema>;
        replyWithUser(res, 200, USER_REPLIES.roleChanged(role), await runOnUser(res, { type: 'ChangeUserRole', userId, role }));
      },
    },
    {
      method: 'patch',
      paths: ['/api/admin/users/:id/status'],
      action: 'users.edit',
      summary: 'Activate, deactivate or suspend an account; it takes effect on the next request of its sessions',
      tags: ['users'],
      before: [json],
      body: changeStatusSchema,
      responds: { status: 200, description: 'The updated user', schema: userCommandReplySchema },
      handler: async (req, res) => {
        const userId = String(req.params.id);
        const { status } = res.locals.body as z.output<typeof changeStatusSchema>;
        replyWithUser(res, 200, USER_REPLIES.statusChanged(status), await runOnUser(res, { type: 'ChangeUserStatus', userId, status }));
      },
    },
    {
      method: 'post',
      paths: ['/api/admin/users/bulk/delete'],
      action: 'users.delete',
      summary: 'Delete several accounts; each id succeeds or fails on its own',
      tags: ['users'],
      before: [json],
      body: bulkDeleteBody,
      responds: { status: 200, description: 'The outcome for each id', schema: bulkReplySchema },
      handler: async (_req, res) => {
        const { ids } = res.locals.body as z.infer<typeof bulkDeleteBody>;
        res.json(await forEachId(deps, res, ids, (userId) => deleteUser(res, userId)));
      },
    },
    {
      method: 'post',
      paths: ['/api/admin/users/bulk/role'],
      action: 'users.changeRole',
      summary: 'Give several accounts one role; each id succeeds or fails on its own',
      tags: ['users'],
      before: [json],
      body: bulkRoleBody,
      responds: { status: 200, description: 'The outcome for each id', schema: bulkReplySchema },
      handler: async (_req, res) => {
        const { ids, role } = res.locals.body as z.infer<typeof bulkRoleBody>;
        res.json(await forEachId(deps, res, ids, (userId) => runOnUser(res, { type: 'ChangeUserRole', userId, role })));
      },
    },
  ];
}
