import { z } from 'zod';

/**
 * Reply shapes every command route shares: the position a reader must reach to see what a command
 * wrote (also sent as the X-Consistency-Position header), a bare message with it, and the bulk reply.
 */

/** The global position a reader must reach to see the command's outcome. */
export const positionSchema = z.number().int().min(0);

/** A command whose reply is only its message (a deletion, a revocation, ...). */
export const commandMessageReplySchema = z.strictObject({ message: z.string(), position: positionSchema });
export type CommandMessageReply = z.infer<typeof commandMessageReplySchema>;

/** A bulk command: the outcome for each id on its own (a refusal names its status and message), and the highest position reached. */
export const bulkReplySchema = z.strictObject({
  results: z.array(
    z.union([
      z.strictObject({ id: z.string(), ok: z.literal(true), position: positionSchema }),
      z.strictObject({ id: z.string(), ok: z.literal(false), status: z.number().int(), message: z.string() }),
    ]),
  ),
  position: positionSchema,
});
export type BulkReply = z.infer<typeof bulkReplySchema>;
