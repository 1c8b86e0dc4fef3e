import { deadLetterListReplySchema, deadLetterRetryReplySchema } from '@placement/domain';
import { actorOf, HttpError, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import { deadLetterView, type DeadLetters } from './dead-letters';
import type { Failures } from './failures';

export const DEAD_LETTER_MESSAGES = {
  notFound: 'Dead letter not found',
  retried: 'The dead letter was queued for another round of tries.',
} as const;

const listQuery = z.object({
  status: z.enum(['dead', 'retried', 'all']).default('dead'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});


/** Admin endpoints over the dead letters; the gateway routes /api/dead-letters to the notifier. */
export function deadLetterRoutes(deadLetters: DeadLetters, failures: Failures): RouteSpec[] {
  return [
    {
      method: 'get',
      paths: ['/api/dead-letters'],
      action: 'deadLetters.manage',
      summary: 'Notifier work given up on after its last try, newest first',
      tags: ['operations'],
      query: listQuery,
      responds: { status: 200, description: 'Dead letters and how many match', schema: deadLetterListReplySchema },
      handler: async (_req, res) => {
        const { status, limit } = res.locals.query as z.infer<typeof listQuery>;
        const { records, total } = await deadLetters.list(status, limit);
        res.json({ deadLetters: records.map(deadLetterView), total });
      },
    },
    {
      method: 'post',
      paths: ['/api/dead-letters/:id/retry'],
      action: 'deadLetters.manage',
      summary: 'Send a dead letter back for another round of tries, starting now',
      tags: ['operations'],
      responds: { status: 202, description: 'Queued on the retry topic', schema: deadLetterRetryReplySchema },
      handler: async (req, res) => {
        const id = String(req.params.id);
        const record = await deadLetters.get(id);
        if (!record) throw new HttpError(404, DEAD_LETTER_MESSAGES.notFound);
        await failures.requeue(record.item, `retried by an admin after: ${record.reason}`);
        const retried = await deadLetters.markRetried(id, actorOf(res).id);
        res.status(202).json({ message: DEAD_LETTER_MESSAGES.retried, deadLetter: deadLetterView(retried ?? record) });
      },
    },
  ];
}
