import { parseDemoArguments } from './command';
import { progressBar, progressLine } from './progress';
import { DEMO_SIZE } from './season';

const output = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
};

describe('the demo progress bar', () => {
  it('draws a bar, the percentage, the phase and the counts on one line', () => {
    expect(progressLine({ phase: 'jobs', done: 50, total: 200 }, 3.4)).toBe('demo [#######---------------------]  25%  jobs  50/200 streams  3.4 s');
    expect(progressLine({ phase: 'done', done: 0, total: 0 }, 0)).toContain('100%');
  });

  it('updates one line in place on a terminal, at most every redraw interval, and ends it', () => {
    let time = 0;
    const terminal = output(true);
    const bar = progressBar(terminal, () => time, 100);
    bar.update({ phase: 'jobs', done: 1, total: 10 });
    time = 50;
    bar.update({ phase: 'jobs', done: 2, total: 10 });
    time = 200;
    bar.update({ phase: 'jobs', done: 3, total: 10 });
    bar.finish();
    expect(terminal.written).toHaveLength(3);
    expect(terminal.written.every((text) => text.startsWith('\r\x1b[2K'))).toBe(true);
    expect(terminal.written.at(-1)).toMatch(/3\/10 streams.*\n$/);
    expect(terminal.written.slice(0, -1).some((text) => text.includes('\n'))).toBe(false);
  });

  it('writes plain lines elsewhere: one as each phase begins, and the last', () => {
    const file = output(false);
    const bar = progressBar(file, () => 0);
    bar.update({ phase: 'students', done: 0, total: 4 });
    bar.update({ phase: 'students', done: 1, total: 4 });
    bar.update({ phase: 'jobs', done: 2, total: 4 });
    bar.update({ phase: 'jobs', done: 4, total: 4 });
    bar.finish();
    expect(file.written.map((line) => line.replace(/ +[\d.]+ s\n$/, ''))).toEqual([
      'demo [----------------------------]   0%  students  0/4 streams',
      'demo [##############--------------]  50%  jobs  2/4 streams',
      'demo [############################] 100%  jobs  4/4 streams',
    ]);
    expect(file.written.some((line) => line.includes('\r'))).toBe(false);
  });
});

describe('the demo command line', () => {
  it('loads the full season with the default seed, or the size and seed given', () => {
    expect(parseDemoArguments([])).toEqual({ command: 'load', seed: 'placement-season', size: DEMO_SIZE });
    expect(parseDemoArguments(['--students', '20', '--jobs=6', '--applications', '50', '--seed', 'mine'])).toEqual({ command: 'load', seed: 'mine', size: { students: 20, jobs: 6, applications: 50 } });
    expect(parseDemoArguments(['--help'])).toEqual({ command: 'help' });
  });

  it('refuses what it does not know', () => {
    expect(parseDemoArguments(['--students', 'many'])).toEqual({ usageError: expect.stringContaining('--students needs a whole number') });
    expect(parseDemoArguments(['--students', '0'])).toEqual({ usageError: expect.stringContaining('--students') });
    expect(parseDemoArguments(['--fast'])).toEqual({ usageError: "unknown option '--fast'" });
    expect(parseDemoArguments(['--seed'])).toEqual({ usageError: '--seed needs a value' });
  });
});
