import { z } from 'zod';
import { reject, type Decider } from '../decider';
import { parseOrReject, safeText } from '../schemas-shared';
import type { OpenTiersRule, PlacementPolicyEvent, PolicyTier } from './events';

/**
 * The placement policy: the tiers of jobs (lowest first), how many accepted offers a student may hold, and
 * which tiers stay open to a student after an accepted offer of a given tier. Pure rules; the command side
 * reads the current version from the `placement-policy` stream and passes it in.
 */
export interface PlacementPolicy {
  /** 0 before any policy is published (DEFAULT_PLACEMENT_POLICY). */
  version: number;
  tiers: PolicyTier[];
  maxAcceptedOffers: number;
  openTiersAfterAcceptance: OpenTiersRule[];
}

/**
 * Before an admin publishes a policy: one tier (Regular), one accepted offer per student, and nothing
 * open after it — the common 'one student, one job' rule. See docs/decisions.md.
 */
export const DEFAULT_PLACEMENT_POLICY: PlacementPolicy = {
  version: 0,
  tiers: [{ name: 'Regular' }],
  maxAcceptedOffers: 1,
  openTiersAfterAcceptance: [],
};

export const POLICY_MESSAGES = {
  tiersRequired: 'A policy needs at least one tier',
  tierName: 'Every tier needs a name',
  tierRepeated: 'Tier names must be different',
  minCtc: 'A minimum CTC must be a whole number of rupees of at least 0',
  minCtcOrder: 'Minimum CTCs must rise from the first tier to the last',
  maxAcceptedOffers: 'Offers a student may hold must be a whole number of at least 1',
  unknownTier: (name: string) => `${name} is not one of the policy's tiers`,
  heldTierRepeated: 'Each held tier may have one rule',
} as const;

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const tierSchema = z.object({
  name: safeText({ error: POLICY_MESSAGES.tierName }).trim().min(1, { error: POLICY_MESSAGES.tierName }),
  minCtc: z
    .preprocess((value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value), z.number({ error: POLICY_MESSAGES.minCtc }).int({ error: POLICY_MESSAGES.minCtc }).min(0, { error: POLICY_MESSAGES.minCtc }).optional()),
});

/** The policy form an admin sends to publish (or to try in a what-if run). */
export const placementPolicySchema = z
  .object({
    tiers: z.array(tierSchema, { error: POLICY_MESSAGES.tiersRequired }).min(1, { error: POLICY_MESSAGES.tiersRequired }),
    maxAcceptedOffers: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
      z.number({ error: POLICY_MESSAGES.maxAcceptedOffers }).int({ error: POLICY_MESSAGES.maxAcceptedOffers }).min(1, { error: POLICY_MESSAGES.maxAcceptedOffers }),
    ),
    openTiersAfterAcceptance: z
      .array(z.object({ heldTier: safeText().trim(), mayApplyTo: z.array(safeText().trim()).transform((names) => [...new Set(names)]) }))
      .default([]),
  })
  .superRefine((policy, context) => {
    const names = policy.tiers.map((tier) => tier.name);
    if (new Set(names).size !== names.length) context.addIssue({ code: 'custom', path: ['tiers'], message: POLICY_MESSAGES.tierRepeated });
    const thresholds = policy.tiers.map((tier) => tier.minCtc).filter((minCtc): minCtc is number => minCtc !== undefined);
    if (thresholds.some((minCtc, index) => index > 0 && minCtc <= thresholds[index - 1]!)) {
      context.addIssue({ code: 'custom', path: ['tiers'], message: POLICY_MESSAGES.minCtcOrder });
    }
    const held = policy.openTiersAfterAcceptance.map((rule) => rule.heldTier);
    if (new Set(held).size !== held.length) context.addIssue({ code: 'custom', path: ['openTiersAfterAcceptance'], message: POLICY_MESSAGES.heldTierRepeated });
    for (const name of [...held, ...policy.openTiersAfterAcceptance.flatMap((rule) => rule.mayApplyTo)]) {
      if (!names.includes(name)) context.addIssue({ code: 'custom', path: ['openTiersAfterAcceptance'], message: POLICY_MESSAGES.unknownTier(name) });
    }
  });
export type PlacementPolicyInput = z.input<typeof placementPolicySchema>;

/** Blank or missing minimum CTCs are left out, as the event carries them. */
export const parsePlacementPolicy = (input: unknown): Omit<PlacementPolicy, 'version'> => {
  const parsed = parseOrReject(placementPolicySchema, input);
  return {
    tiers: parsed.tiers.map(({ name, minCtc }) => (minCtc === undefined ? { name } : { name, minCtc })),
    maxAcceptedOffers: parsed.maxAcceptedOffers,
    openTiersAfterAcceptance: parsed.openTiersAfterAcceptance,
  };
};

/**
 * The annual CTC a job's free-text 'CTC/Stipend' states, in rupees: '12 LPA' / '12.5 lakh' (lakhs per annum),
 * or a plain amount ('Rs. 8,00,000'); null for a monthly stipend or text without an amount.
 */
export function annualCtcOfText(text: string | null | undefined): number | null {
  if (!text) return null;
  const lakhs = /(\d+(?:\.\d+)?)\s*(?:-\s*\d+(?:\.\d+)?\s*)?(?:lpa|lakhs?|lacs?)/i.exec(text);
  if (lakhs) return Math.round(Number(lakhs[1]) * 100_000);
  if (/month|\/\s*m\b|pm\b/i.test(text)) return null;
  const amount = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!amount) return null;
  const value = Number(amount[0].replace(/,/g, ''));
  return Number.isFinite(value) && value >= 10_000 ? Math.round(value) : null;
}

/**
 * A job's tier under a policy: its explicit tier marking when that names one of the policy's tiers, else
 * the highest tier whose minimum CTC the CTC reaches (a tier without a minimum is reached by any CTC),
 * else the lowest tier.
 */
export function jobTierOf(policy: Pick<PlacementPolicy, 'tiers'>, job: { tier?: string | null; ctc: number | null }): string {
  const marked = job.tier?.trim();
  if (marked && policy.tiers.some((tier) => tier.name === marked)) return marked;
  const lowest = policy.tiers[0]?.name ?? DEFAULT_PLACEMENT_POLICY.tiers[0]!.name;
  if (job.ctc === null) return lowest;
  const reached = policy.tiers.filter((tier) => (tier.minCtc ?? 0) <= job.ctc!);
  return reached.at(-1)?.name ?? lowest;
}

/** An accepted offer as the policy reads it. */
export interface HeldOffer {
  applicationId: string;
  tier: string;
}

const listed = (names: readonly string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** 'an accepted Regular offer', 'accepted Regular and Dream offers'. */
const heldPhrase = (held: readonly HeldOffer[]): string =>
  held.length === 1 ? `an accepted ${held[0]!.tier} offer` : `accepted ${listed([...new Set(held.map((offer) => offer.tier))])} offers`;

/** The tiers still open after every held offer (each held offer's rule narrows them). */
export function openTiersFor(policy: PlacementPolicy, held: readonly HeldOffer[]): string[] {
  let open = policy.tiers.map((tier) => tier.name);
  for (const offer of held) {
    const rule = policy.openTiersAfterAcceptance.find((candidate) => candidate.heldTier === offer.tier);
    open = open.filter((tier) => rule?.mayApplyTo.includes(tier) ?? false);
  }
  return open;
}

export const PLACEMENT_MESSAGES = {
  /** The policy's rule that refuses a student who holds offers (applying, or accepting another offer). */
  tierClosed: (held: readonly HeldOffer[], open: readonly string[]) =>
    open.length === 0 ? `You hold ${heldPhrase(held)}; no jobs are open to you` : `You hold ${heldPhrase(held)}; only ${listed(open)} jobs are open to you`,
  maxOffers: (max: number) => `You hold ${max === 1 ? 'an accepted offer' : `${max} accepted offers`}, the most the placement policy allows`,
  noOffer: 'This application has no offer to answer',
  offerWithdrawn: 'This offer has been withdrawn',
  alreadyAccepted: 'You have already accepted this offer',
  alreadyDeclined: 'You have declined this offer',
  offerRequired: 'An offer needs its CTC or stipend',
  offerAmount: 'CTC and stipend must be whole numbers of rupees above 0',
  bulkAccepted: 'Each offer needs its own CTC or stipend: set Accepted on one application at a time',
  notYourApplication: 'This is not your application',
} as const;

/**
 * Why the policy refuses a student who holds `held` a job of `tier` (applying to it, or accepting its
 * offer), or null when it does not: the maximum of accepted offers first, then the tiers still open.
 */
export function placementRefusal(policy: PlacementPolicy, held: readonly HeldOffer[], tier: string): string | null {
  if (held.length === 0) return null;
  if (held.length >= policy.maxAcceptedOffers) return PLACEMENT_MESSAGES.maxOffers(policy.maxAcceptedOffers);
  const open = openTiersFor(policy, held);
  return open.includes(tier) ? null : PLACEMENT_MESSAGES.tierClosed(held, open);
}

/** What applying checks of the placement: the current policy, the student's accepted offers, the job's tier under that policy. */
export interface PlacementCheck {
  policy: PlacementPolicy;
  held: HeldOffer[];
  jobTier: string;
}

/** A check that refuses nobody: no offers held (the demo season, bulk loads, benchmarks). */
export const NO_PLACEMENT_CHECK: PlacementCheck = { policy: DEFAULT_PLACEMENT_POLICY, held: [], jobTier: DEFAULT_PLACEMENT_POLICY.tiers[0]!.name };

/** The offer as the admin enters it with status Accepted: CTC (annual) and/or stipend (monthly), in rupees. */
const amount = z.preprocess(
  (value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.replace(/,/g, '').trim()) : value),
  z.number({ error: PLACEMENT_MESSAGES.offerAmount }).int({ error: PLACEMENT_MESSAGES.offerAmount }).positive({ error: PLACEMENT_MESSAGES.offerAmount }).optional(),
);
export const offerTermsSchema = z
  .object({ ctc: amount, stipend: amount }, { error: PLACEMENT_MESSAGES.offerRequired })
  .refine((offer) => offer.ctc !== undefined || offer.stipend !== undefined, { error: PLACEMENT_MESSAGES.offerRequired })
  .transform(({ ctc, stipend }) => ({ ...(ctc === undefined ? {} : { ctc }), ...(stipend === undefined ? {} : { stipend }) }));

/* The policy's own stream: each publish is the next version. */

export type PublishPlacementPolicy = { type: 'PublishPlacementPolicy'; policy: unknown };
export type PlacementPolicyState = { current: PlacementPolicy; history: PlacementPolicyEvent[] };

export const placementPolicyDecider: Decider<PublishPlacementPolicy, PlacementPolicyEvent, PlacementPolicyState> = {
  initialState: { current: DEFAULT_PLACEMENT_POLICY, history: [] },
  decide(command, state, context) {
    if (context.actor.role !== 'admin') reject('forbidden', 'Only admins may publish the placement policy');
    const policy = parsePlacementPolicy(command.policy);
    return [
      {
        type: 'PlacementPolicyPublished',
        data: { version: state.current.version + 1, ...policy, publishedBy: context.actor.id ?? '', publishedAt: context.now.toISOString() },
      },
    ];
  },
  evolve(state, event) {
    const { version, tiers, maxAcceptedOffers, openTiersAfterAcceptance } = event.data;
    return { current: { version, tiers, maxAcceptedOffers, openTiersAfterAcceptance }, history: [...state.history, event] };
  },
};

/** The current policy of a `placement-policy` history (the default before any publish). */
export const policyOfHistory = (events: readonly PlacementPolicyEvent[]): PlacementPolicy =>
  events.reduce((state, event) => placementPolicyDecider.evolve(state, event), placementPolicyDecider.initialState).current;
