import type { DemoProgress } from './load';

/**
 * The demo's progress on the terminal: one line that updates in place on a terminal, plain lines
 * (one as each phase begins, and the last) when the output is a file or a pipe.
 */

const BAR_WIDTH = 28;

/** One line: bar, percentage, phase, counts and elapsed time. */
export function progressLine(progress: DemoProgress, elapsedSeconds: number): string {
  const fraction = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
  return `demo [${bar}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${progress.phase}  ${progress.done}/${progress.total} streams  ${elapsedSeconds.toFixed(1)} s`;
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressBar {
  update(progress: DemoProgress): void;
  /** Leaves the last state on its own line. */
  finish(): void;
}

export function progressBar(output: ProgressOutput, clock: () => number = () => performance.now(), redrawMs = 100): ProgressBar {
  const started = clock();
  let last: DemoProgress | undefined;
  let drawnAt = -Infinity;
  let phase: string | undefined;
  const elapsed = () => (clock() - started) / 1000;
  return {
    update(progress) {
      last = progress;
      if (output.isTTY) {
        if (clock() - drawnAt < redrawMs && progress.done < progress.total) return;
        drawnAt = clock();
        output.write(`\r\x1b[2K${progressLine(progress, elapsed())}`);
      } else if (progress.phase !== phase) {
        phase = progress.phase;
        output.write(`${progressLine(progress, elapsed())}\n`);
      }
    },
    finish() {
      if (!last) return;
      output.write(output.isTTY ? `\r\x1b[2K${progressLine(last, elapsed())}\n` : `${progressLine(last, elapsed())}\n`);
    },
  };
}
