import { reject, type CommandContext, type Decider } from '../decider';
import type { OfferTerms, PlacementEvent } from './events';
import { PLACEMENT_MESSAGES, placementRefusal, type HeldOffer, type PlacementPolicy } from './policy';

/**
 * A student's placement (stream `placement-<studentId>`): their answers to offers. Every accept is decided
 * on this one stream at its expected revision, so two concurrent accepts cannot both pass the policy.
 */

/** The application's latest offer as the command side read it from the application's stream. */
export interface OpenOffer extends OfferTerms {
  applicationId: string;
  jobId: string;
  studentId: string;
  companyName: string;
  tier: string;
  extendedAt: string;
  /** 'withdrawn' once the application's status left Accepted. */
  status: 'extended' | 'withdrawn';
}

export type AcceptOffer = { type: 'AcceptOffer'; applicationId: string; offer: OpenOffer | null; policy: PlacementPolicy };
export type DeclineOffer = { type: 'DeclineOffer'; applicationId: string; offer: OpenOffer | null };
/** The application's status left Accepted: an offer the student had accepted is withdrawn from their placement too. */
export type WithdrawAcceptedOffer = { type: 'WithdrawAcceptedOffer'; applicationId: string; jobId: string; studentId: string };
export type PlacementCommand = AcceptOffer | DeclineOffer | WithdrawAcceptedOffer;

type Answer = { kind: 'accepted'; tier: string } | { kind: 'declined'; at: string };

export interface PlacementState {
  answers: Record<string, Answer>;
}

/** The offers a placement holds (accepted, not withdrawn), in the order they were accepted. */
export const heldOffersOf = (state: PlacementState): HeldOffer[] =>
  Object.entries(state.answers).flatMap(([applicationId, answer]) => (answer.kind === 'accepted' ? [{ applicationId, tier: answer.tier }] : []));

/** The offer to answer: it exists, is the caller's, and is still extended; a decline older than the offer does not count. */
function answerable(offer: OpenOffer | null, state: PlacementState, context: CommandContext): { offer: OpenOffer; answer: Answer | undefined } {
  if (offer === null) return reject('not_found', PLACEMENT_MESSAGES.noOffer);
  if (context.actor.id !== offer.studentId) reject('forbidden', PLACEMENT_MESSAGES.notYourApplication);
  if (offer.status === 'withdrawn') reject('conflict', PLACEMENT_MESSAGES.offerWithdrawn);
  const answer = state.answers[offer.applicationId];
  return { offer, answer: answer?.kind === 'declined' && answer.at < offer.extendedAt ? undefined : answer };
}

function accept(command: AcceptOffer, state: PlacementState, context: CommandContext): PlacementEvent[] {
  const { offer, answer } = answerable(command.offer, state, context);
  if (answer?.kind === 'accepted') return [];
  if (answer?.kind === 'declined') reject('conflict', PLACEMENT_MESSAGES.alreadyDeclined);
  const refusal = placementRefusal(command.policy, heldOffersOf(state), offer.tier);
  if (refusal !== null) reject('conflict', refusal, [{ field: 'placement', message: refusal }]);
  const { applicationId, jobId, studentId, companyName, tier, ctc, stipend } = offer;
  const terms = { ...(ctc === undefined ? {} : { ctc }), ...(stipend === undefined ? {} : { stipend }) };
  return [{ type: 'OfferAccepted', data: { applicationId, jobId, studentId, companyName, tier, ...terms, acceptedAt: context.now.toISOString() } }];
}

function decline(command: DeclineOffer, state: PlacementState, context: CommandContext): PlacementEvent[] {
  const { offer, answer } = answerable(command.offer, state, context);
  if (answer?.kind === 'declined') return [];
  if (answer?.kind === 'accepted') reject('conflict', PLACEMENT_MESSAGES.alreadyAccepted);
  const { applicationId, jobId, studentId } = offer;
  return [{ type: 'OfferDeclined', data: { applicationId, jobId, studentId, declinedAt: context.now.toISOString() } }];
}

function withdraw(command: WithdrawAcceptedOffer, state: PlacementState, context: CommandContext): PlacementEvent[] {
  if (state.answers[command.applicationId]?.kind !== 'accepted') return [];
  const { applicationId, jobId, studentId } = command;
  return [{ type: 'OfferWithdrawn', data: { applicationId, jobId, studentId, withdrawnAt: context.now.toISOString() } }];
}

function evolve(state: PlacementState, event: PlacementEvent): PlacementState {
  const answers = { ...state.answers };
  switch (event.type) {
    case 'OfferAccepted':
      answers[event.data.applicationId] = { kind: 'accepted', tier: event.data.tier };
      break;
    case 'OfferDeclined':
      answers[event.data.applicationId] = { kind: 'declined', at: event.data.declinedAt };
      break;
    case 'OfferWithdrawn':
      delete answers[event.data.applicationId];
      break;
  }
  return { answers };
}

export const placementDecider: Decider<PlacementCommand, PlacementEvent, PlacementState> = {
  initialState: { answers: {} },
  decide(command, state, context) {
    switch (command.type) {
      case 'AcceptOffer':
        return accept(command, state, context);
      case 'DeclineOffer':
        return decline(command, state, context);
      case 'WithdrawAcceptedOffer':
        return withdraw(command, state, context);
    }
  },
  evolve,
};
