import { z } from 'zod';
import type { RunnerOptions } from './runner';

const settingsSchema = z.object({
  /** Most events a projection applies as one batch (RunnerOptions.batchSize). */
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).optional(),
  /** Save the checkpoint after this many events (RunnerOptions.checkpointEvery). */
  PROJECTOR_CHECKPOINT_EVERY: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Or once the log has been quiet this long, in milliseconds (RunnerOptions.checkpointIdleMs). */
  PROJECTOR_CHECKPOINT_IDLE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Rebuild at start when this many events behind (RunnerOptions.rebuildBehind; 0 never). */
  PROJECTOR_REBUILD_BEHIND: z.coerce.number().int().min(0).optional(),
});

/** The projection runners' tunables from the environment; unset ones keep the runner's defaults. */
export function runnerSettings(source: NodeJS.ProcessEnv = process.env): Pick<RunnerOptions, 'batchSize' | 'checkpointEvery' | 'checkpointIdleMs' | 'rebuildBehind'> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const settings = settingsSchema.parse(cleaned);
  return {
    ...(settings.PROJECTOR_BATCH_SIZE === undefined ? {} : { batchSize: settings.PROJECTOR_BATCH_SIZE }),
    ...(settings.PROJECTOR_CHECKPOINT_EVERY === undefined ? {} : { checkpointEvery: settings.PROJECTOR_CHECKPOINT_EVERY }),
    ...(settings.PROJECTOR_CHECKPOINT_IDLE_MS === undefined ? {} : { checkpointIdleMs: settings.PROJECTOR_CHECKPOINT_IDLE_MS }),
    ...(settings.PROJECTOR_REBUILD_BEHIND === undefined ? {} : { rebuildBehind: settings.PROJECTOR_REBUILD_BEHIND }),
  };
}
