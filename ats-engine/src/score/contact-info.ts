/**
 * contact_info, 0 to 1: the sum of the weights of what was found.
 *
 *   e-mail 0.40   phone 0.30   name 0.15   profile or portfolio link 0.15
 *
 * A recruiter must be able to reply: e-mail and phone carry most of the weight.
 */

export const CONTACT_WEIGHTS = { email: 0.4, phone: 0.3, name: 0.15, link: 0.15 } as const;

export interface ContactPresence {
  email: boolean;
  phone: boolean;
  name: boolean;
  link: boolean;
}

export function contactInfoScore(found: ContactPresence): number {
  return (Object.keys(CONTACT_WEIGHTS) as (keyof ContactPresence)[]).reduce((sum, key) => sum + (found[key] ? CONTACT_WEIGHTS[key] : 0), 0);
}
