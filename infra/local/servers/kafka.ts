import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { StackServers } from '../../../platform/src/config/local-stack';
import type { ServerLayout } from '../layout';
import { DEFAULT_LAYOUT, dataDirIn, logFileIn } from '../layout';
import { say } from '../log';
import { installLogOf, toolDirOf } from '../paths';
import { findExecutable, runCommand } from '../process';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';
import { aptInstall, isMarkedComplete, markComplete, requireExecutable } from '../tools';

const RESOURCES_DIR = path.join(__dirname, '..', 'kafka');
const POM_FILE = path.join(RESOURCES_DIR, 'pom.xml');
const LOG4J_FILE = path.join(RESOURCES_DIR, 'log4j.properties');

/** The pom is the one place that names the Kafka version. */
const kafkaVersion = (): string => {
  const version = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(fs.readFileSync(POM_FILE, 'utf8'))?.[1];
  if (version === undefined) throw new Error(`no <kafka.version> in ${POM_FILE}`);
  return version;
};

const TOOL_DIR = toolDirOf('kafka', kafkaVersion());
const LIBS_DIR = path.join(TOOL_DIR, 'libs');
const CLASSPATH = `${LIBS_DIR}/*`;

type KafkaServer = StackServers['kafka'];

interface KafkaFolders {
  dataDir: string;
  metadataLogDir: string;
  propertiesFile: string;
  clusterIdFile: string;
  logFile: string;
}

const foldersIn = (layout: ServerLayout): KafkaFolders => {
  const dataDir = dataDirIn(layout, 'kafka');
  return {
    dataDir,
    metadataLogDir: path.join(dataDir, 'kraft-logs'),
    propertiesFile: path.join(dataDir, 'server.properties'),
    clusterIdFile: path.join(dataDir, 'cluster-id'),
    logFile: logFileIn(layout, 'kafka'),
  };
};

const serverProperties = (KAFKA: KafkaServer, { metadataLogDir }: KafkaFolders): string =>
  Object.entries({
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@${KAFKA.host}:${KAFKA.controllerPort}`,
    listeners: `PLAINTEXT://${KAFKA.host}:${KAFKA.port},CONTROLLER://${KAFKA.host}:${KAFKA.controllerPort}`,
    'advertised.listeners': `PLAINTEXT://${KAFKA.host}:${KAFKA.port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': metadataLogDir,
    'num.partitions': '3',
    'default.replication.factor': '1',
    'min.insync.replicas': '1',
    'offsets.topic.replication.factor': '1',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'auto.create.topics.enable': 'false',
  })
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');

/** Kafka's own generator skips ids that start with '-', which its CLI would read as an option. */
const newClusterId = (): string => {
  const id = randomBytes(16).toString('base64url');
  return id.startsWith('-') ? newClusterId() : id;
};

const clusterId = (clusterIdFile: string): string => {
  if (!fs.existsSync(clusterIdFile)) fs.writeFileSync(clusterIdFile, newClusterId());
  return fs.readFileSync(clusterIdFile, 'utf8').trim();
};

const java = (): string => requireExecutable('java', [], 'install a JRE >= 17');

const formatStorageOnce = async (folders: KafkaFolders): Promise<void> => {
  if (fs.existsSync(path.join(folders.metadataLogDir, 'meta.properties'))) return;
  say('kafka', 'formatting KRaft storage (first start)…');
  await runCommand(
    java(),
    ['-cp', CLASSPATH, 'kafka.tools.StorageTool', 'format', '-t', clusterId(folders.clusterIdFile), '-c', folders.propertiesFile],
    { logFile: folders.logFile },
  );
};

const resolveJars = async (): Promise<void> => {
  const maven = requireExecutable('mvn', [], 'apt-get install -y maven');
  say('kafka', `resolving Kafka ${kafkaVersion()} jars from Maven Central…`);
  fs.rmSync(TOOL_DIR, { recursive: true, force: true });
  fs.mkdirSync(TOOL_DIR, { recursive: true });
  const pom = path.join(TOOL_DIR, 'pom.xml');
  fs.copyFileSync(POM_FILE, pom);
  const goal = ['dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${LIBS_DIR}`];
  await runCommand(maven, ['-B', '-q', '-f', pom, ...goal], { cwd: TOOL_DIR, logFile: installLogOf('kafka') });
  markComplete(TOOL_DIR);
  say('kafka', `${fs.readdirSync(LIBS_DIR).length} jars in ${LIBS_DIR}`);
};

const hasJavaAndMaven = (): boolean => findExecutable('java') !== undefined && findExecutable('mvn') !== undefined;

const API_VERSIONS_KEY = 18;
const CORRELATION_ID = 1;

const apiVersionsRequest = (): Buffer => {
  const clientId = Buffer.from('local-stack-probe');
  const body = Buffer.alloc(10 + clientId.length);
  body.writeInt16BE(API_VERSIONS_KEY, 0);
  body.writeInt16BE(0, 2);
  body.writeInt32BE(CORRELATION_ID, 4);
  body.writeInt16BE(clientId.length, 8);
  clientId.copy(body, 10);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
};

/**
 * Asks the broker for its API versions over the wire protocol. The KRaft broker opens its
 * listener only once it is unfenced, so an answer without error means it serves clients.
 * (kafkajs' admin would do, but it prints TimeoutNegativeWarning on Node 24.)
 */
const answersApiVersions = (KAFKA: KafkaServer): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: KAFKA.host, port: KAFKA.port });
    let received = Buffer.alloc(0);
    const finish = (healthy: boolean): void => {
      socket.destroy();
      resolve(healthy);
    };
    socket.setTimeout(2_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('end', () => finish(false));
    socket.once('connect', () => socket.write(apiVersionsRequest()));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 10) return;
      finish(received.readInt32BE(4) === CORRELATION_ID && received.readInt16BE(8) === 0);
    });
  });

/** Kafka of one copy of the stack (`npm start`'s unless a layout says otherwise). */
export const kafkaServer = (layout: ServerLayout = DEFAULT_LAYOUT): LocalServer => {
  const KAFKA = layout.servers.kafka;
  const folders = foldersIn(layout);
  return defineDaemon({
    name: 'kafka',
    layout,
    address: `${KAFKA.host}:${KAFKA.port}`,
    ports: [KAFKA.port, KAFKA.controllerPort],
    startTimeoutMs: 90_000,
    stopTimeoutMs: 30_000,
    externalVariable: (env) => firstVariablePointingElsewhere(env, ['KAFKA_BROKERS']),
    isInstalled: async () => hasJavaAndMaven() && isMarkedComplete(TOOL_DIR),
    async install() {
      if (!hasJavaAndMaven()) await aptInstall('kafka', ['default-jre-headless', 'maven']);
      await resolveJars();
    },
    async prepare() {
      fs.mkdirSync(folders.metadataLogDir, { recursive: true });
      fs.writeFileSync(folders.propertiesFile, `${serverProperties(KAFKA, folders)}\n`);
      await formatStorageOnce(folders);
    },
    launchSpec: () => ({
      command: java(),
      args: [
        '-Xmx512m',
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${LOG4J_FILE}`,
        `-Dkafka.logs.dir=${path.join(folders.dataDir, 'app-logs')}`,
        '-cp',
        CLASSPATH,
        'kafka.Kafka',
        folders.propertiesFile,
      ],
    }),
    isHealthy: () => answersApiVersions(KAFKA),
  });
};

export const kafka: LocalServer = kafkaServer();
