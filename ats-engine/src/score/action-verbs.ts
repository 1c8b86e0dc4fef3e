/**
 * action_verbs, 0 to 1, from the resume's statements (bullets of experience, projects and similar
 * sections; see parse/resume.ts):
 *
 *   S = statements, V = statements opening with an action verb, D = distinct opening verbs
 *   S = 0:   0
 *   else:    0.7 × min(1, (V / S) / 0.8) + 0.3 × min(1, D / 6)
 *
 * Four in five bullets opening with a verb earns the full share; variety (six different verbs)
 * is the rest, so "Developed ... Developed ... Developed" does not score like a varied list.
 */

export const TARGET_VERB_SHARE = 0.8;
export const TARGET_DISTINCT_VERBS = 6;

export interface VerbCounts {
  statements: number;
  verbLed: number;
  distinctVerbs: number;
}

export function actionVerbScore({ statements, verbLed, distinctVerbs }: VerbCounts): number {
  if (statements === 0) return 0;
  return 0.7 * Math.min(1, verbLed / statements / TARGET_VERB_SHARE) + 0.3 * Math.min(1, distinctVerbs / TARGET_DISTINCT_VERBS);
}
