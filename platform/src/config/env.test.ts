import { ConfigError, loadEnv } from './env';
import { LOCAL_DEFAULTS } from './local-stack';

describe('configuration', () => {
  it('defaults to the local stack', () => {
    const env = loadEnv({});
    expect(env.POSTGRES_URL).toBe(LOCAL_DEFAULTS.POSTGRES_URL);
    expect(env.KAFKA_BROKERS).toEqual([LOCAL_DEFAULTS.KAFKA_BROKERS]);
    expect(env.ALLOWED_EMAIL_DOMAINS).toEqual(['university.edu', 'gmail.com']);
    expect(env.EVENTSTORE_CONNECTION_STRING).toBeUndefined();
  });

  it('takes external servers from the environment', () => {
    const env = loadEnv({ KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092', EVENTSTORE_CONNECTION_STRING: 'esdb://eventstore:2113?tls=false' });
    expect(env.KAFKA_BROKERS).toEqual(['kafka-1:9092', 'kafka-2:9092']);
    expect(env.EVENTSTORE_CONNECTION_STRING).toBe('esdb://eventstore:2113?tls=false');
  });

  it('names every bad variable', () => {
    const attempt = () => loadEnv({ SMTP_PORT: 'seventy', S3_ENDPOINT: 'not a url', JWT_EXPIRES_IN: 'forever' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
      expect(variables).toEqual(['JWT_EXPIRES_IN', 'S3_ENDPOINT', 'SMTP_PORT']);
      expect((error as Error).message).toMatch(/SMTP_PORT/);
    }
  });

  it('requires a real JWT secret in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toBe('x'.repeat(32));
  });
});
