import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nginxArgs, writeGatewayConfig } from '../../infra/local/gateway-config';
import type { ServerLayout } from '../../infra/local/layout';
import { dataDirIn, logFileIn, pidFileIn } from '../../infra/local/layout';
import { launchDetached, readRunningPid, stopProcess } from '../../infra/local/process';
import { answersHttp, pollUntil } from '../../infra/local/probes';
import { nginx } from '../../infra/local/servers/gateway';
import { freePort, spawnService, type ServiceProcess } from '../support/processes';

export const FAULT_SERVICES = ['command-api', 'query-api', 'projectors', 'notifier', 'ats-engine'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

/** A service that ended without the test killing it. */
export interface UnexpectedExit {
  service: FaultService;
  at: number;
  how: string;
  lastOutput: string;
}

/**
 * The five services as real processes (their built `dist/main.js`), each on a port of its own that a
 * restart keeps, so that the gateway in front of them finds the restarted process where the old one was.
 */
export class ServiceFleet {
  readonly unexpectedExits: UnexpectedExit[] = [];
  private readonly processes = new Map<FaultService, ServiceProcess>();
  private readonly killing = new Set<ServiceProcess>();
  /** Every process started, in order, for the logs. */
  private readonly started: { service: FaultService; process: ServiceProcess }[] = [];

  private constructor(
    private readonly env: Record<string, string>,
    readonly ports: Record<FaultService, number>,
    private readonly logsDir: string,
  ) {}

  static async create(env: Record<string, string>, logsDir: string): Promise<ServiceFleet> {
    const ports = Object.fromEntries(await Promise.all(FAULT_SERVICES.map(async (service) => [service, await freePort()] as const)));
    return new ServiceFleet(env, ports as Record<FaultService, number>, logsDir);
  }

  url(service: FaultService): string {
    return `http://127.0.0.1:${this.ports[service]}`;
  }

  process(service: FaultService): ServiceProcess | undefined {
    return this.processes.get(service);
  }

  /** Starts the service and waits until it is ready. */
  async start(service: FaultService): Promise<void> {
    const started = await spawnService(service, this.env, this.ports[service]);
    this.processes.set(service, started);
    this.started.push({ service, process: started });
    void started.exited.then(({ code, signal }) => {
      if (this.killing.has(started)) return;
      this.unexpectedExits.push({ service, at: Date.now(), how: signal ?? `code ${code}`, lastOutput: started.output().slice(-3000) });
    });
    if (!(await pollUntil(() => answersHttp(`${this.url(service)}/ready`), 90_000, () => started.child.exitCode !== null))) {
      throw new Error(`${service} did not become ready:\n${started.output().slice(-3000)}`);
    }
  }

  async startAll(): Promise<void> {
    // The projectors create the Kafka topics the notifier consumes; the rest need nothing of each other.
    await this.start('projectors');
    await Promise.all(FAULT_SERVICES.filter((service) => service !== 'projectors').map((service) => this.start(service)));
  }

  /** SIGKILL, and wait until it is gone. */
  async kill(service: FaultService, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = this.processes.get(service);
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    this.killing.add(running);
    running.child.kill(signal);
    await running.exited;
  }

  /** Whether every service answers /ready with 200. */
  async allReady(): Promise<boolean> {
    const answers = await Promise.all(FAULT_SERVICES.map((service) => answersHttp(`${this.url(service)}/ready`, 200, 3_000)));
    return answers.every(Boolean);
  }

  /** Stops every service, and writes what each process printed to `<logs>/<service>.log`. */
  async stopAll(): Promise<void> {
    await Promise.all(FAULT_SERVICES.map((service) => this.kill(service, 'SIGTERM')));
    fs.mkdirSync(this.logsDir, { recursive: true });
    for (const service of FAULT_SERVICES) {
      const outputs = this.started.filter((entry) => entry.service === service).map((entry, n) => `=== process ${n + 1} (pid ${entry.process.child.pid})\n${entry.process.output()}`);
      fs.writeFileSync(path.join(this.logsDir, `${service}.log`), outputs.join('\n'));
    }
  }

  /** A service's output so far, for a failure's message. */
  output(service: FaultService): string {
    return this.processes.get(service)?.output() ?? '';
  }
}

/**
 * The gateway (nginx with the portal's own template) in front of the fleet, as the browser reaches the
 * portal: a service that is down answers as the gateway's 503 with Retry-After, as it would in production.
 */
export async function startGateway(layout: ServerLayout, fleet: ServiceFleet): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const prefixDir = dataDirIn(layout, 'gateway');
  const frontendRoot = path.join(prefixDir, 'frontend');
  fs.mkdirSync(frontendRoot, { recursive: true });
  fs.writeFileSync(path.join(frontendRoot, 'index.html'), '<!doctype html><title>fault test</title>');
  const upstream = (service: FaultService) => `127.0.0.1:${fleet.ports[service]}`;
  const options = {
    nginx: nginx(),
    prefixDir,
    errorLog: logFileIn(layout, 'gateway'),
    accessLog: path.join(layout.logsDir, 'gateway-access.log'),
    variables: {
      GATEWAY_PORT: `127.0.0.1:${port}`,
      COMMAND_API_UPSTREAM: upstream('command-api'),
      QUERY_API_UPSTREAM: upstream('query-api'),
      ATS_ENGINE_UPSTREAM: upstream('ats-engine'),
      NOTIFIER_UPSTREAM: upstream('notifier'),
      FRONTEND_ROOT: frontendRoot,
      GATEWAY_HSTS: '',
    },
  };
  fs.mkdirSync(layout.logsDir, { recursive: true });
  writeGatewayConfig(options);
  const pidFile = pidFileIn(layout, 'gateway');
  launchDetached('gateway', options.errorLog, { command: options.nginx, args: nginxArgs(options) }, pidFile);
  const url = `http://127.0.0.1:${port}`;
  if (!(await pollUntil(() => answersHttp(`${url}/healthz`), 15_000))) throw new Error(`the fault test's gateway did not start (see ${options.errorLog})`);
  return {
    url,
    stop: async () => {
      if (readRunningPid('gateway', pidFile) !== undefined) await stopProcess('gateway', 'SIGQUIT', 10_000, pidFile);
      await sleep(0);
    },
  };
}
