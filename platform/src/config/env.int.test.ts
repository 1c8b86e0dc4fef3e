import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadEnv } from './env';
import { LOCAL_DEFAULTS } from './local-stack';

const SECRET = 'x'.repeat(32);

describe('configuration', () => {
  it('defaults to the local stack', () => {
    const env = loadEnv({}, { jwtSecret: false });
    expect(env.POSTGRES_URL).toBe(LOCAL_DEFAULTS.POSTGRES_URL);
    expect(env.KAFKA_BROKERS).toEqual([LOCAL_DEFAULTS.KAFKA_BROKERS]);
    expect(env.ALLOWED_EMAIL_DOMAINS).toEqual(['university.edu', 'gmail.com']);
    expect(env.EVENTSTORE_CONNECTION_STRING).toBeUndefined();
  });

  it('takes external servers from the environment', () => {
    const env = loadEnv({ KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092', EVENTSTORE_CONNECTION_STRING: 'esdb://eventstore:2113?tls=false' }, { jwtSecret: false });
    expect(env.KAFKA_BROKERS).toEqual(['kafka-1:9092', 'kafka-2:9092']);
    expect(env.EVENTSTORE_CONNECTION_STRING).toBe('esdb://eventstore:2113?tls=false');
  });

  it('listens on loopback unless HOST says otherwise (containers set 0.0.0.0)', () => {
    expect(loadEnv({}, { jwtSecret: false }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }, { jwtSecret: false }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '::' }, { jwtSecret: false }).HOST).toBe('::');
    expect(loadEnv({ HOST: 'localhost' }, { jwtSecret: false }).HOST).toBe('localhost');
    expect(() => loadEnv({ HOST: 'http://0.0.0.0' }, { jwtSecret: false })).toThrow(/HOST/);
  });

  it('names every bad variable', () => {
    const attempt = () => loadEnv({ SMTP_PORT: 'seventy', S3_ENDPOINT: 'not a url', JWT_EXPIRES_IN: 'forever', JWT_SECRET: SECRET });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
      expect(variables).toEqual(['JWT_EXPIRES_IN', 'S3_ENDPOINT', 'SMTP_PORT']);
      expect((error as Error).message).toMatch(/SMTP_PORT/);
    }
  });

  describe('the JWT secret', () => {
    const secretFile = (content: string) => {
      const file = join(mkdtempSync(join(tmpdir(), 'jwt-secret-')), 'secret');
      writeFileSync(file, content, { mode: 0o600 });
      return file;
    };

    it.each(['development', 'test', 'production'])('is required whatever NODE_ENV says (%s): there is no default secret', (mode) => {
      expect(() => loadEnv({ NODE_ENV: mode })).toThrow(/JWT_SECRET/);
    });

    it('comes from JWT_SECRET', () => {
      expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
    });

    it('comes from the file JWT_SECRET_FILE names, without its line break', () => {
      expect(loadEnv({ JWT_SECRET_FILE: secretFile(`${SECRET}\n`) }).JWT_SECRET).toBe(SECRET);
    });

    it('refuses a short secret, in the variable or in the file', () => {
      expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
      expect(() => loadEnv({ JWT_SECRET_FILE: secretFile('short\n') })).toThrow(/JWT_SECRET_FILE/);
    });

    it('names a file it cannot read', () => {
      expect(() => loadEnv({ JWT_SECRET_FILE: '/nonexistent/jwt-secret' })).toThrow(/JWT_SECRET_FILE: cannot be read \(ENOENT\)/);
    });

    it('refuses the development secret this repository once published', () => {
      const published = 'local-development-secret-not-for-production-use';
      expect(() => loadEnv({ JWT_SECRET: published })).toThrow(/published secret/);
      expect(() => loadEnv({ JWT_SECRET_FILE: secretFile(published) })).toThrow(/published secret/);
    });

    it('is not needed by tools that neither sign nor check tokens', () => {
      expect(loadEnv({}, { jwtSecret: false }).JWT_SECRET).toBeUndefined();
    });
  });
  describe('the first admin (BOOTSTRAP_ADMIN_*)', () => {
    const problemsOf = (source: NodeJS.ProcessEnv) => {
      try {
        loadEnv(source, { jwtSecret: false });
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((problem) => problem.variable);
      }
    };

    it('is off unless set, and named Administrator unless told', () => {
      const env = loadEnv({}, { jwtSecret: false });
      expect(env.BOOTSTRAP_ADMIN_EMAIL).toBeUndefined();
      expect(env.BOOTSTRAP_ADMIN_NAME).toBe('Administrator');
      const set = loadEnv({ BOOTSTRAP_ADMIN_EMAIL: 'cdc@university.edu', BOOTSTRAP_ADMIN_PASSWORD_FILE: '/run/secrets/admin', BOOTSTRAP_ADMIN_NAME: ' Placement Office ' }, { jwtSecret: false });
      expect(set).toMatchObject({ BOOTSTRAP_ADMIN_EMAIL: 'cdc@university.edu', BOOTSTRAP_ADMIN_PASSWORD_FILE: '/run/secrets/admin', BOOTSTRAP_ADMIN_NAME: 'Placement Office' });
    });

    it('refuses one of the address and the password file without the other, and an address that is not one', () => {
      expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'cdc@university.edu' })).toEqual(['BOOTSTRAP_ADMIN_PASSWORD_FILE']);
      expect(problemsOf({ BOOTSTRAP_ADMIN_PASSWORD_FILE: '/run/secrets/admin' })).toEqual(['BOOTSTRAP_ADMIN_EMAIL']);
      expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'not an address', BOOTSTRAP_ADMIN_PASSWORD_FILE: '/run/secrets/admin' })).toEqual(['BOOTSTRAP_ADMIN_EMAIL']);
    });
  });
});
