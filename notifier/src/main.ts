import { createKafka, createLogger, createMailTransport, loadEnv, pingKafka, pingSmtp, runService, servicePort } from '@placement/platform';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('notifier', env.LOG_LEVEL);
  const kafka = createKafka(env, logger);
  const mail = createMailTransport(env);
  return {
    name: 'notifier',
    port: servicePort(env, 'notifier'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'kafka', check: () => pingKafka(kafka) },
      { name: 'smtp', check: () => pingSmtp(mail) },
    ],
    close: async () => {
      mail.close();
    },
  };
});
