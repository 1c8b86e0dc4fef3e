import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import { REPO_ROOT } from './paths';

export const GATEWAY_TEMPLATE = path.join(REPO_ROOT, 'infra', 'gateway', 'portal.conf.template');

export const TEMPLATE_VARIABLES = [
  'GATEWAY_PORT',
  'COMMAND_API_UPSTREAM',
  'QUERY_API_UPSTREAM',
  'ATS_ENGINE_UPSTREAM',
  'NOTIFIER_UPSTREAM',
  'FRONTEND_ROOT',
  'GATEWAY_HSTS',
] as const;
export type GatewayVariables = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** Substitutes only the gateway's own variables, as envsubst does with only those defined. */
export const renderTemplate = (template: string, variables: GatewayVariables): string =>
  template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(variables, name) ? variables[name as keyof GatewayVariables] : placeholder,
  );

const loopback = (port: number): string => `127.0.0.1:${port}`;

export const localGatewayVariables = (frontendRoot: string): GatewayVariables => ({
  GATEWAY_PORT: `${LOCAL_STACK.gateway.host}:${LOCAL_STACK.gateway.port}`,
  COMMAND_API_UPSTREAM: loopback(LOCAL_STACK.services['command-api']),
  QUERY_API_UPSTREAM: loopback(LOCAL_STACK.services['query-api']),
  ATS_ENGINE_UPSTREAM: loopback(LOCAL_STACK.services['ats-engine']),
  NOTIFIER_UPSTREAM: loopback(LOCAL_STACK.services.notifier),
  FRONTEND_ROOT: frontendRoot,
  // Plain http on loopback: no Strict-Transport-Security (an empty value makes nginx send none).
  GATEWAY_HSTS: '',
});

/** mime.types sits beside the nginx.conf the binary was built to use (`nginx -V` prints to stderr). */
const mimeTypesOf = (nginx: string): string => {
  const buildInfo = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(`${buildInfo.stderr}${buildInfo.stdout}`)?.[1];
  return path.join(confPath === undefined ? '/etc/nginx' : path.dirname(confPath), 'mime.types');
};

export interface GatewayConfigOptions {
  nginx: string;
  /** nginx's prefix: holds nginx.conf, portal.conf, the pid file and temp folders. */
  prefixDir: string;
  errorLog: string;
  accessLog: string;
  variables: GatewayVariables;
}

const mainConfig = (options: GatewayConfigOptions, portalConf: string): string => {
  const temp = (name: string): string => path.join(options.prefixDir, 'temp', name);
  return `# Written by infra/local/gateway-config.ts on every gateway start.
worker_processes 2;
daemon off;
pid ${path.join(options.prefixDir, 'nginx.pid')};
error_log ${options.errorLog} warn;

events {
    worker_connections 1024;
}

http {
    include ${mimeTypesOf(options.nginx)};
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    access_log ${options.accessLog};
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};

    include ${portalConf};
}
`;
};

const mainConfigOf = (prefixDir: string): string => path.join(prefixDir, 'nginx.conf');

const readOrEmpty = (file: string): string => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

/** Renders the shared template and the local main config that includes it; true when either changed. */
export const writeGatewayConfig = (options: GatewayConfigOptions): boolean => {
  fs.mkdirSync(path.join(options.prefixDir, 'temp'), { recursive: true });
  const portalConf = path.join(options.prefixDir, 'portal.conf');
  const template = fs.readFileSync(GATEWAY_TEMPLATE, 'utf8');
  const files: [string, string][] = [
    [portalConf, renderTemplate(template, options.variables)],
    [mainConfigOf(options.prefixDir), mainConfig(options, portalConf)],
  ];
  let changed = false;
  for (const [file, content] of files) {
    if (readOrEmpty(file) === content) continue;
    fs.writeFileSync(file, content);
    changed = true;
  }
  return changed;
};

export const nginxArgs = (options: Pick<GatewayConfigOptions, 'prefixDir' | 'errorLog'>): string[] => [
  '-p',
  options.prefixDir,
  '-c',
  mainConfigOf(options.prefixDir),
  '-e',
  options.errorLog,
];
