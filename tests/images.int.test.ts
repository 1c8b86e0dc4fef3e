/**
 * Every image of docker-compose.yml builds. There is no Docker engine here, so each Dockerfile is run
 * as an engine would run it (tests/support/dockerfile.ts): a folder per stage holding only what its
 * COPY lines take from the build context (the repository less .dockerignore) or from other stages,
 * and its own RUN lines in order in their WORKDIR: `npm install` from the lock file (this machine's
 * npm cache, offline first), `tsc -b`, the Vite build. Then the image's last stage is assembled and
 * read: a service's image holds its compiled code and no tests, and every package its code requires
 * is installed; the gateway's holds the built frontend and the nginx template.
 *
 * The five service images share their `npm install` layer (as with an engine's cache), so the first
 * build takes the longest: about a minute for the install, then tens of seconds per image.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DockerfileBuilder, dockerfileStages, listFiles, type BuildOptions, type BuiltImage } from './support/dockerfile';

const ROOT = path.resolve(__dirname, '..');

interface ComposeBuild {
  context?: string;
  dockerfile?: string;
  args?: Record<string, string | number>;
}

const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { build?: string | ComposeBuild }>;
};

/** Every image compose builds, with its Dockerfile and build arguments. */
const images = Object.entries(compose.services)
  .filter(([, service]) => service.build !== undefined)
  .map(([name, service]) => {
    const build: ComposeBuild = typeof service.build === 'string' ? { context: service.build } : service.build!;
    return {
      name,
      context: path.resolve(ROOT, build.context ?? '.'),
      dockerfile: build.dockerfile ?? 'Dockerfile',
      args: Object.fromEntries(Object.entries(build.args ?? {}).map(([key, value]) => [key, String(value)])),
    };
  });

const SERVICES = images.filter((image) => image.dockerfile.endsWith('service.Dockerfile'));
const GATEWAY = images.find((image) => image.name === 'gateway')!;

const lastStage = (image: (typeof images)[number]): string => dockerfileStages(fs.readFileSync(path.join(image.context, image.dockerfile), 'utf8')).at(-1)!.name;

/**
 * Each image up to its last stage. The gateway's last stage is nginx's: its RUN edits the nginx
 * image's own files, so only its COPY lines are reproduced.
 */
const BUILDS: Record<string, BuildOptions> = Object.fromEntries(
  images.map((image) => [image.name, { ...image, target: lastStage(image), ...(image === GATEWAY ? { skipRunIn: [lastStage(image)] } : {}) }]),
);

/** Test code and its helpers, by file name: none of it belongs in an image. */
const TEST_ONLY = /(^|\/)(test-support|test-history)(\/|\.)|\.test\.|-test-fixtures\./;

let workDir: string;
let builder: DockerfileBuilder;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-images-'));
  // What a RUN finds on PATH: the suite's Node (24, as the images') and the machine's npm and sh,
  // never the repository's node_modules/.bin, so that a build finds only what it installed itself.
  const bin = path.join(workDir, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  builder = new DockerfileBuilder(workDir, {
    PATH: [bin, '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'].join(path.delimiter),
    HOME: os.homedir(),
    // The cache mount of `RUN --mount=type=cache,target=/root/.npm`: this machine's npm cache, used first.
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
  });
  await builder.plan(Object.values(BUILDS));
});

afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Bare module names that the compiled files under `folder` require or import. */
function requiredPackages(folder: string): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const file of listFiles(folder).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const match of code.matchAll(/\b(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g)) wanted.set(match[1]!, file);
  }
  return wanted;
}

/** The specifiers that Node, run inside the image's /app, cannot resolve from `fromDir`. */
function unresolvable(appRoot: string, fromDir: string, specifiers: string[]): Promise<string[]> {
  const script = `
    const { createRequire, isBuiltin } = require('node:module');
    const from = createRequire(process.argv[1] + '/index.js');
    const missing = JSON.parse(process.argv[2]).filter((name) => {
      if (isBuiltin(name)) return false;
      try { from.resolve(name); return false; } catch { return true; }
    });
    process.stdout.write(JSON.stringify(missing));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, fromDir, JSON.stringify(specifiers)], { cwd: appRoot, env: { PATH: process.env.PATH ?? '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(output) as string[]) : reject(new Error(output))));
  });
}

const BUILD_TIMEOUT_MS = 8 * 60_000;

describe('the images of docker-compose.yml build from their Dockerfiles', () => {
  it('compose builds five services from the service Dockerfile and the gateway from its own', () => {
    expect(SERVICES.map((image) => image.args.SERVICE).sort()).toEqual(['ats-engine', 'command-api', 'notifier', 'projectors', 'query-api']);
    expect(GATEWAY.dockerfile).toBe('infra/docker/gateway.Dockerfile');
  });

  describe.each(SERVICES.map((image) => image.name))('%s', (name) => {
    let built: BuiltImage;
    let app: string;

    beforeAll(async () => {
      built = await builder.build(BUILDS[name]!);
      app = built.pathIn(BUILDS[name]!.target, '/app');
    }, BUILD_TIMEOUT_MS);

    it('compiles to dist/main.js in the service folder, next to domain and platform', () => {
      for (const workspace of ['domain', 'platform', name]) expect(fs.existsSync(path.join(app, workspace, 'dist'))).toBe(true);
      expect(fs.existsSync(path.join(app, name, 'dist', 'main.js'))).toBe(true);
    });

    it('carries compiled code only: no tests, no test support, no TypeScript sources', () => {
      // Ours: everything in /app but the installed packages.
      const shipped = listFiles(app).filter((file) => !/(^|\/)node_modules\//.test(file));
      expect(shipped.filter((file) => TEST_ONLY.test(file))).toEqual([]);
      expect(shipped.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    });

    it('has every package its compiled code requires installed (production dependencies only)', async () => {
      const missing: string[] = [];
      for (const workspace of ['domain', 'platform', name]) {
        const wanted = requiredPackages(path.join(app, workspace, 'dist'));
        const notFound = await unresolvable(app, path.join(app, workspace, 'dist'), [...wanted.keys()]);
        missing.push(...notFound.map((specifier) => `${specifier} (${workspace}/dist/${wanted.get(specifier)})`));
      }
      expect(missing).toEqual([]);
    });
  });

  describe('gateway', () => {
    let built: BuiltImage;

    beforeAll(async () => {
      built = await builder.build(BUILDS.gateway!);
    }, BUILD_TIMEOUT_MS);

    it('serves the built frontend and renders the portal template', () => {
      const root = built.pathIn(BUILDS.gateway!.target, '/usr/share/nginx/portal');
      expect(fs.existsSync(path.join(root, 'index.html'))).toBe(true);
      expect(listFiles(root).some((file) => /^assets\/.+\.js$/.test(file))).toBe(true);
      expect(fs.existsSync(built.pathIn(BUILDS.gateway!.target, '/etc/nginx/templates/portal.conf.template'))).toBe(true);
    });
  });
});
