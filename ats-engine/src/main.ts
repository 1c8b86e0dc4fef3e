import { createLogger, loadEnv, runService, servicePort } from '@placement/platform';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('ats-engine', env.LOG_LEVEL);
  return {
    name: 'ats-engine',
    port: servicePort(env, 'ats-engine'),
    host: '0.0.0.0',
    logger,
    readiness: [],
  };
});
