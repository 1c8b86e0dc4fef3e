/** The offer and placement-policy replies' words. */
export const OFFER_REPLIES = {
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  published: (version: number) => `Placement policy version ${version} published`,
} as const;

/** The reply to an answered offer. */
export const offerAnsweredView = (kind: 'AcceptOffer' | 'DeclineOffer', applicationId: string, position: number) => ({
  message: kind === 'AcceptOffer' ? OFFER_REPLIES.accepted : OFFER_REPLIES.declined,
  applicationId,
  position,
});

/** The reply to a published policy. */
export const policyPublishedView = (version: number, position: number) => ({ message: OFFER_REPLIES.published(version), version, position });
