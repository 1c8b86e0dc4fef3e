import { z } from 'zod';
import type { RunnerOptions } from './runner';

const settingsSchema = z.object({
  /** Most events a projection applies as one batch (RunnerOptions.batchSize). */
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).optional(),
});

/** The projection runners' tunables from the environment; unset ones keep the runner's defaults. */
export function runnerSettings(source: NodeJS.ProcessEnv = process.env): Pick<RunnerOptions, 'batchSize'> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const settings = settingsSchema.parse(cleaned);
  return settings.PROJECTOR_BATCH_SIZE === undefined ? {} : { batchSize: settings.PROJECTOR_BATCH_SIZE };
}
