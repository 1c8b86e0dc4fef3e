import { z } from 'zod';

const settingsSchema = z.object({
  /** Most events per produce request. */
  RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** How long a partial batch waits for more events, in milliseconds. */
  RELAY_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(5),
});

/** The relay's tunables from the environment (the shared settings, brokers and topic prefix, are in platform's env). */
export function relaySettings(source: NodeJS.ProcessEnv = process.env): { batchSize: number; lingerMs: number } {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const settings = settingsSchema.parse(cleaned);
  return { batchSize: settings.RELAY_BATCH_SIZE, lingerMs: settings.RELAY_LINGER_MS };
}
