/**
 * word_count, 0 to 1, from W words (runs of letters or digits):
 *
 *   W < 100            0.3 × W / 100
 *   100 ≤ W < 300      0.3 + 0.7 × (W − 100) / 200
 *   300 ≤ W ≤ 700      1
 *   700 < W ≤ 1000     1 − 0.5 × (W − 700) / 300
 *   W > 1000           max(0.2, 0.5 − (W − 1000) / 2000)
 *
 * 300 to 700 words is one well-filled page to two pages, what a student or early-career resume
 * should be; a short resume loses more than a long one.
 */

export const IDEAL_WORDS = { min: 300, max: 700 } as const;

export function wordCountScore(words: number): number {
  if (words < 100) return (0.3 * words) / 100;
  if (words < 300) return 0.3 + (0.7 * (words - 100)) / 200;
  if (words <= 700) return 1;
  if (words <= 1000) return 1 - (0.5 * (words - 700)) / 300;
  return Math.max(0.2, 0.5 - (words - 1000) / 2000);
}
