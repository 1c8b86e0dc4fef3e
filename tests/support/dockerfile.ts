/**
 * Dockerfiles without a Docker engine. Our machines have none, so the tests read the Dockerfiles
 * (tests/compose.int.test.ts) and run their build stages as the engine would (tests/images.int.test.ts):
 * each stage in a folder of its own that stands for its file system, holding only what the stage's
 * COPY lines put there from the build context (the repository less .dockerignore) or from another
 * stage, and each RUN line run by `sh -c` in its WORKDIR with the stage's ARG and ENV values.
 *
 * What differs from an engine: the base image's own files are not there (a RUN finds the Node and
 * npm of the suite on PATH, standing for node:24's), absolute paths inside a RUN command are not
 * mapped into the stage's folder, `RUN --mount` options are dropped (npm uses this machine's cache,
 * offline first, as the cache mount would), and USER, CMD, HEALTHCHECK and the like build nothing.
 * Like an engine's layer cache, a RUN whose inputs (every earlier instruction and the bytes it
 * copied) another image of the same run already built is not run again: its result is linked in.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Reading a Dockerfile
// ---------------------------------------------------------------------------------------------

/** Instructions of a Dockerfile, continuation lines joined and comments dropped. */
export const dockerfileInstructions = (text: string): string[] =>
  text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

export interface DockerfileStage {
  /** The stage's name (`AS name`), or its index when it has none. */
  name: string;
  /** Its instructions, FROM first. */
  instructions: string[];
}

/** The stages of a multi-stage Dockerfile, each as its instructions. */
export function dockerfileStages(text: string): DockerfileStage[] {
  const stages: DockerfileStage[] = [];
  for (const instruction of dockerfileInstructions(text)) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(instruction);
    if (from) stages.push({ name: from[1] ?? String(stages.length), instructions: [] });
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** The ARGs declared before the first FROM, with their defaults: only FROM lines may use them. */
function globalArgs(text: string): Record<string, string> {
  const args: Record<string, string> = {};
  for (const instruction of dockerfileInstructions(text)) {
    if (/^FROM\s/i.test(instruction)) break;
    const arg = /^ARG\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/i.exec(instruction);
    if (arg) args[arg[1]!] = unquote(arg[2] ?? '');
  }
  return args;
}

const unquote = (value: string): string => value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');

/** Dockerfile substitution in FROM, COPY, WORKDIR, ENV: $VAR, ${VAR}, ${VAR:-default}, ${VAR:+alternative}. */
export function substitute(value: string, variables: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_match, braced?: string, operator?: string, word?: string, bare?: string) => {
    const current = variables[(braced ?? bare)!];
    if (operator === '-') return current ? current : (word ?? '');
    if (operator === '+') return current ? (word ?? '') : '';
    return current ?? '';
  });
}

/** The `KEY=value …` pairs of an ENV line (or its old `ENV KEY value` form). */
function envPairs(rest: string): [string, string][] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) {
    const [key, ...value] = rest.split(/\s+/);
    return [[key!, value.join(' ')]];
  }
  return [...rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)].map((m) => [m[1]!, unquote(m[2]!)]);
}

// ---------------------------------------------------------------------------------------------
// The build context: the repository less .dockerignore
// ---------------------------------------------------------------------------------------------

interface IgnoreRule {
  pattern: RegExp;
  exception: boolean;
}

/** A .dockerignore pattern as the engine matches it: `**` any number of folders, `*` and `?` within one. */
function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        i++;
        source += '(?:.*/)?';
      } else source += '.*';
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '\\' && i + 1 < pattern.length) source += `\\${pattern[++i]}`;
    else if (char === '[') {
      const end = pattern.indexOf(']', i);
      source += end < 0 ? '\\[' : pattern.slice(i, end + 1).replace(/^\[!/, '[^');
      if (end >= 0) i = end;
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The rules of a .dockerignore (none when the file is missing). */
export function readDockerignore(contextDir: string): IgnoreRule[] {
  const file = path.join(contextDir, '.dockerignore');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exception = line.startsWith('!');
      const cleaned = path.posix.normalize(exception ? line.slice(1).trim() : line).replace(/^\/+/, '');
      return { pattern: patternRegExp(cleaned), exception };
    });
}

/** Whether the engine leaves a context path (posix, relative) out: the last rule that matches it or a folder above it decides. */
export function isIgnored(relative: string, rules: IgnoreRule[]): boolean {
  const parts = relative.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = !rule.exception;
  }
  return ignored;
}

/** Every file of the context under `relative` (a file or a folder), as posix paths relative to the context. */
function contextFiles(contextDir: string, relative: string, rules: IgnoreRule[]): string[] {
  const keepsExceptions = rules.some((rule) => rule.exception);
  const found: string[] = [];
  const visit = (current: string) => {
    const absolute = path.join(contextDir, current);
    const stat = fs.lstatSync(absolute, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      // A folder left out is not descended into, unless an exception might bring something below it back.
      if (current !== '' && isIgnored(current, rules) && !keepsExceptions) return;
      for (const entry of fs.readdirSync(absolute).sort()) visit(current === '' ? entry : `${current}/${entry}`);
    } else if (!isIgnored(current, rules)) found.push(current);
  };
  visit(relative);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Running the stages
// ---------------------------------------------------------------------------------------------

export interface BuildOptions {
  /** The Dockerfile, relative to the context. */
  dockerfile: string;
  /** The build context (the repository root for ours). */
  context: string;
  /** The stage to build, with the stages it needs. */
  target: string;
  /** --build-arg values. */
  args?: Record<string, string>;
  /**
   * Stages whose RUN lines are not run: they act on their base image's own files (the nginx stage's
   * `rm -f /etc/nginx/…`), which are not here, and their absolute paths would reach this machine's.
   */
  skipRunIn?: string[];
}

export interface BuiltImage {
  /** The folder of each stage that was built, standing for its file system. */
  stageRoots: Map<string, string>;
  /** Container path to host path in a built stage. */
  pathIn: (stage: string, containerPath: string) => string;
}

interface StageState {
  /** The folder standing for the stage's file system. */
  root: string;
  /** Its own folder, which `root` becomes on the first write while it is borrowed. */
  home: string;
  /** `root` is another stage's folder or a kept layer, not to be written: linked into `home` before a write. */
  borrowed: boolean;
  workdir: string;
  env: Record<string, string>;
  /** ARGs in scope (global ones only once redeclared in the stage). */
  args: Record<string, string>;
  /** Everything this stage's file system is made of so far. */
  key: string;
}

const hash = (...parts: string[]): string => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex');
};

/**
 * Places a file or a symbolic link (kept a link, as COPY keeps it), a copy or a hard link, unlinking
 * what is there first: a stage's files may be hard links into a kept layer, which must not change.
 */
function placeFile(from: string, to: string, how: 'copy' | 'link'): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.rmSync(to, { force: true });
  const stat = fs.lstatSync(from);
  if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
  else if (how === 'link') fs.linkSync(from, to);
  else {
    fs.copyFileSync(from, to);
    fs.chmodSync(to, stat.mode);
  }
}

function runProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** A hard-linked copy of a folder tree (symbolic links kept as they are): cheap, even for node_modules. */
async function linkTree(from: string, to: string): Promise<void> {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const copied = await runProcess('cp', ['-al', from, to], { cwd: path.dirname(to), env: process.env });
  if (copied.code !== 0) throw new Error(`cp -al ${from} ${to}: ${copied.output}`);
}

/** What one build knows while it runs a Dockerfile's stages. */
interface BuildRun {
  options: BuildOptions;
  globals: Record<string, string>;
  rules: IgnoreRule[];
  buildStage: (name: string) => Promise<StageState>;
  /** Planning: keys are worked out, nothing is copied or run. */
  planning: boolean;
  /** The keys of the RUN lines met. */
  runKeys: string[];
}

/** Makes a stage's folder its own (a hard-linked copy of what it borrowed) before it is written. */
async function own(state: StageState): Promise<void> {
  if (!state.borrowed) return;
  await linkTree(state.root, state.home);
  state.root = state.home;
  state.borrowed = false;
}

/**
 * Builds Dockerfiles' stages in folders under `workDir`. One builder shares its layer cache across
 * the images it builds, as an engine does across `docker build`s: `plan` first tells it the builds
 * to come, and a RUN result that more than one of them needs is kept (hard links) for the others.
 */
export class DockerfileBuilder {
  private readonly snapshots = new Map<string, string>();
  private readonly needed = new Map<string, number>();
  private builds = 0;

  /**
   * @param workDir a scratch folder the builder owns (removed by the caller)
   * @param runEnv what every RUN sees besides the stage's ARG and ENV values (PATH, HOME, npm settings)
   * @param trace told each RUN and how long it took
   */
  constructor(
    private readonly workDir: string,
    private readonly runEnv: Record<string, string>,
    private readonly trace: (line: string) => void = () => {},
  ) {}

  /** Tells the builder the builds to come (without running anything), so that it keeps what they share. */
  async plan(builds: BuildOptions[]): Promise<void> {
    for (const options of builds) {
      const { runKeys } = await this.walk(options, true);
      for (const key of runKeys) this.needed.set(key, (this.needed.get(key) ?? 0) + 1);
    }
  }

  async build(options: BuildOptions): Promise<BuiltImage> {
    const { roots } = await this.walk(options, false);
    return {
      stageRoots: roots,
      pathIn: (stage, containerPath) => {
        const root = roots.get(stage);
        if (!root) throw new Error(`stage ${stage} was not built`);
        return path.join(root, containerPath);
      },
    };
  }

  private async walk(options: BuildOptions, planning: boolean): Promise<{ roots: Map<string, string>; runKeys: string[] }> {
    const text = fs.readFileSync(path.join(options.context, options.dockerfile), 'utf8');
    const stages = dockerfileStages(text);
    const byName = new Map(stages.map((stage) => [stage.name, stage]));
    const globals = { ...globalArgs(text), ...pick(options.args ?? {}, Object.keys(globalArgs(text))) };
    const build = planning ? 0 : ++this.builds;
    const started = new Map<string, Promise<StageState>>();
    const finished = new Map<string, StageState>();

    /** A stage, built once; the stages it needs are built first, at the same time, as BuildKit does. */
    const buildStage = (name: string): Promise<StageState> => {
      let building = started.get(name);
      if (!building) {
        building = runStage(name).then((state) => {
          finished.set(name, state);
          return state;
        });
        started.set(name, building);
      }
      return building;
    };

    const runStage = async (name: string): Promise<StageState> => {
      const stage = byName.get(name);
      if (!stage) throw new Error(`${options.dockerfile}: no stage ${name}`);
      const [from, ...rest] = stage.instructions;
      const image = substitute(/^FROM\s+(\S+)/i.exec(from!)![1]!, globals);
      const needs = rest.flatMap((instruction) => /^COPY\s.*--from=(\S+)/i.exec(instruction)?.[1] ?? []).filter((other) => byName.has(other));
      await Promise.all([...(byName.has(image) ? [image] : []), ...needs].map(buildStage));
      const home = path.join(this.workDir, `build-${build}`, name);
      let state: StageState;
      if (byName.has(image)) {
        const parent = await buildStage(image);
        // The parent's files, linked in only when this stage first writes.
        state = { ...parent, home, borrowed: true, env: { ...parent.env }, args: {} };
      } else {
        if (!planning) fs.mkdirSync(home, { recursive: true });
        state = { root: home, home, borrowed: false, workdir: '/', env: {}, args: {}, key: hash('image', image) };
      }
      const skipRun = options.skipRunIn?.includes(name) ?? false;
      for (const instruction of rest) {
        if (skipRun && /^RUN\s/i.test(instruction)) continue;
        await this.step(instruction, state, run);
      }
      return state;
    };

    const run: BuildRun = { options, globals, rules: readDockerignore(options.context), buildStage, planning, runKeys: [] };
    await buildStage(options.target);
    return { roots: new Map([...finished].map(([name, state]) => [name, state.root])), runKeys: run.runKeys };
  }

  private async step(instruction: string, state: StageState, run: BuildRun): Promise<void> {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(instruction) ?? [];
    const variables = { ...state.args, ...state.env };
    switch (keyword.toUpperCase()) {
      case 'ARG': {
        const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(rest) ?? [];
        if (!name) throw new Error(`cannot read ${instruction}`);
        const given = run.options.args?.[name];
        state.args[name] = given ?? (value === undefined ? (run.globals[name] ?? '') : substitute(unquote(value), variables));
        state.key = hash(state.key, 'ARG', name, state.args[name]);
        return;
      }
      case 'ENV':
        for (const [name, value] of envPairs(rest)) state.env[name] = substitute(value, variables);
        state.key = hash(state.key, 'ENV', JSON.stringify(state.env));
        return;
      case 'WORKDIR':
        state.workdir = path.posix.resolve(state.workdir, substitute(rest, variables));
        if (!run.planning && !fs.existsSync(path.join(state.root, state.workdir))) {
          await own(state);
          fs.mkdirSync(path.join(state.root, state.workdir), { recursive: true });
        }
        state.key = hash(state.key, 'WORKDIR', state.workdir);
        return;
      case 'COPY':
      case 'ADD':
        await this.copy(rest, state, variables, run);
        return;
      case 'RUN':
        await this.run(rest, state, run);
        return;
      default:
        // USER, CMD, HEALTHCHECK, EXPOSE, STOPSIGNAL, LABEL, ENTRYPOINT, VOLUME: metadata, nothing to build.
        return;
    }
  }

  private async copy(rest: string, state: StageState, variables: Record<string, string>, run: BuildRun): Promise<void> {
    const words = rest.split(/\s+/).map((word) => substitute(word, variables));
    const flags = words.filter((word) => word.startsWith('--'));
    const paths = words.filter((word) => !word.startsWith('--'));
    if (paths.length < 2) throw new Error(`COPY needs a source and a destination: COPY ${rest}`);
    const destination = paths.pop()!;
    const intoFolder = destination.endsWith('/') || paths.length > 1;
    const target = path.posix.resolve(state.workdir, destination);
    const fromStage = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    const digest = createHash('sha256').update(state.key).update(`COPY ${flags.join(' ')} ${paths.join(' ')} ${target}`);

    for (const source of paths) {
      if (/[*?[]/.test(source)) throw new Error(`COPY with a wildcard is not reproduced here: ${source}`);
      if (fromStage) {
        // Another stage's files: that stage's key stands for them.
        const from = await run.buildStage(fromStage);
        digest.update(from.key);
        if (run.planning) continue;
        await own(state);
        const absolute = path.join(from.root, path.posix.resolve('/', source));
        const stat = fs.statSync(absolute, { throwIfNoEntry: false });
        if (!stat) throw new Error(`COPY --from=${fromStage} ${source}: not found in stage ${fromStage}`);
        const files: [string, string][] = stat.isDirectory()
          ? listFiles(absolute).map((relative) => [path.posix.join(target, relative), path.join(absolute, relative)])
          : [[intoFolder ? path.posix.join(target, path.posix.basename(source)) : target, absolute]];
        // Hard links: no later instruction of ours changes a file in place (a COPY replaces it).
        for (const [to, file] of files) placeFile(file, path.join(state.root, to), 'link');
      } else {
        const relative = path.posix.normalize(source).replace(/^\/+|\/+$/g, '');
        const folder = relative === '.' ? '' : relative;
        const stat = fs.statSync(path.join(run.options.context, folder), { throwIfNoEntry: false });
        const inContext = contextFiles(run.options.context, folder, run.rules);
        if (!stat || inContext.length === 0) throw new Error(`COPY ${source}: not found in the build context (or left out by .dockerignore)`);
        for (const file of inContext) {
          const to = stat.isDirectory() ? path.posix.join(target, path.posix.relative(folder, file)) : intoFolder ? path.posix.join(target, path.posix.basename(file)) : target;
          const from = path.join(run.options.context, file);
          digest.update(to).update(fs.readFileSync(from));
          if (run.planning) continue;
          await own(state);
          placeFile(from, path.join(state.root, to), 'copy');
        }
      }
    }
    state.key = digest.digest('hex');
  }

  private async run(rest: string, state: StageState, run: BuildRun): Promise<void> {
    // RUN's own options (--mount, --network, --security) come first; the shell command is the rest.
    const command = rest.replace(/^(?:--\S+\s+)*/, '');
    state.key = hash(state.key, 'RUN', command);
    run.runKeys.push(state.key);
    if (run.planning) return;
    const started = Date.now();
    const cached = this.snapshots.get(state.key);
    if (cached) {
      state.root = cached;
      state.borrowed = true;
      this.trace(`RUN ${command}: cached`);
      return;
    }
    await own(state);
    const cwd = path.join(state.root, state.workdir);
    fs.mkdirSync(cwd, { recursive: true });
    const result = await runProcess('sh', ['-c', command], { cwd, env: { ...this.runEnv, ...state.args, ...state.env } });
    if (result.code !== 0) throw new Error(`RUN ${command}\nin ${state.workdir} exited with ${result.code}:\n${result.output.slice(-6000)}`);
    this.trace(`RUN ${command}: ${Date.now() - started} ms`);
    if ((this.needed.get(state.key) ?? 0) > 1) {
      // Kept as it is now: the stage goes on in a linked copy, in a folder of its own.
      this.snapshots.set(state.key, state.root);
      state.borrowed = true;
      state.home = `${state.home}.${state.key.slice(0, 12)}`;
    }
  }
}

function pick(values: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

/** Every file (or symbolic link) under a folder, as posix paths relative to it; links are not followed. */
export function listFiles(folder: string, below = ''): string[] {
  return fs
    .readdirSync(path.join(folder, below), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = below === '' ? entry.name : `${below}/${entry.name}`;
      return entry.isDirectory() ? listFiles(folder, relative) : [relative];
    });
}
