import type { ApplicationOffer } from '@placement/domain';

/** An application's offer as the read side gives it (issue 16 part 3): amounts in rupees, CTC a year, stipend a month. */
export type { ApplicationOffer };

export const OFFER_STATUS_LABELS: Record<ApplicationOffer['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** '₹12,00,000' (Indian digit grouping). */
export const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN')}`;

/** 'CTC ₹12,00,000 a year · Stipend ₹40,000 a month'. */
export function offerAmounts(offer: Pick<ApplicationOffer, 'ctc' | 'stipend'>): string {
  const parts = [offer.ctc !== null ? `CTC ${rupees(offer.ctc)} a year` : null, offer.stipend !== null ? `Stipend ${rupees(offer.stipend)} a month` : null];
  return parts.filter((part): part is string => part !== null).join(' · ');
}
