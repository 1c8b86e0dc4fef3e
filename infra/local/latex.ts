import { execFileSync } from 'node:child_process';
import { say } from './log';
import { findExecutable } from './process';
import { aptInstall } from './tools';

/**
 * TeX Live from Debian's packages, for the ATS engine's outside corpus (resumes laid out by LaTeX
 * resume classes: ats-engine/corpus/outside/render-latex.ts). The smallest set that holds the
 * classes used: texlive-latex-extra (moderncv and its styles) and what it depends on (latex-base,
 * -recommended, pictures; the Computer Modern Type 1 fonts come with texlive-base), without
 * recommends and without texlive-fonts-extra (1.4 GB): the moderncv styles are set with their
 * `nosymbols` option (letters, not Font Awesome icons).
 */
export const LATEX_PACKAGES = ['texlive-latex-extra'] as const;

/** The files the corpus uses: all must be found by kpsewhich for TeX Live to count as installed. */
export const LATEX_CLASSES = ['moderncv.cls', 'moderncvstyleclassic.sty', 'moderncvstylebanking.sty', 'moderncvstylecasual.sty', 'moderncviconsletters.sty'] as const;

const kpsewhich = (file: string): boolean => {
  try {
    return execFileSync('kpsewhich', [file], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
};

export const latexInstalled = (): boolean => findExecutable('pdflatex') !== undefined && LATEX_CLASSES.every(kpsewhich);

/** Installs TeX Live once (a few minutes on a clean machine); returns the pdflatex command. */
export async function ensureLatex(): Promise<string> {
  if (!latexInstalled()) {
    const started = performance.now();
    say('latex', `installing TeX Live from Debian (${LATEX_PACKAGES.join(', ')}; a few minutes, log in .local/logs/latex-install.log)…`);
    await aptInstall('latex', LATEX_PACKAGES);
    const missing = LATEX_CLASSES.filter((file) => !kpsewhich(file));
    if (missing.length > 0) throw new Error(`TeX Live installed, but ${missing.join(', ')} not found`);
    say('latex', `installed in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  }
  return findExecutable('pdflatex')!;
}

if (require.main === module) {
  ensureLatex().then(
    (command) => console.log(command),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
