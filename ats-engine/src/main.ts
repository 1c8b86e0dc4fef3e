import { createEventStore, createLogger, loadEnv, runService, servicePort } from '@placement/platform';
import { atsEngineService } from './service';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('ats-engine', env.LOG_LEVEL);
  return atsEngineService({
    port: servicePort(env, 'ats-engine'),
    host: env.HOST,
    logger,
    maxResumeBytes: env.MAX_RESUME_BYTES,
    tokens: { secret: env.JWT_SECRET, expiresIn: env.JWT_EXPIRES_IN },
    store: await createEventStore(env),
  }).definition;
});
