import type { ApplicationEvent, PlacementEvent } from '@placement/domain';
import { APPLICATION_COLLECTIONS, type ApplicationDocument } from '@placement/platform';
import { builtTwiceFromHistory } from '../test-support';
import { applicationsProjection } from './applications';
import { applicationSubmitted, recorded, type PortalEvent } from './test-history';

const ids = (applicationId: string) => ({ applicationId, jobId: `job-${applicationId}`, studentId: 's' });
const extended = (applicationId: string, terms: { ctc?: number; stipend?: number }, extendedAt = '2025-03-05T00:00:00.000Z'): PortalEvent => ({
  type: 'OfferExtended',
  data: { ...ids(applicationId), companyName: 'Acme', jobTitle: 'Analyst', tier: 'Dream', ...terms, extendedAt },
}) as ApplicationEvent as PortalEvent;
const placement = (event: PlacementEvent) => event as unknown as PortalEvent;
const accepted = (applicationId: string) => placement({ type: 'OfferAccepted', data: { ...ids(applicationId), companyName: 'Acme', tier: 'Dream', ctc: 1_200_000, acceptedAt: '2025-03-06T00:00:00.000Z' } });
const declined = (applicationId: string) => placement({ type: 'OfferDeclined', data: { ...ids(applicationId), declinedAt: '2025-03-06T00:00:00.000Z' } });
const withdrawn = (applicationId: string) => ({ type: 'OfferWithdrawn', data: { ...ids(applicationId), withdrawnAt: '2025-03-07T00:00:00.000Z' } }) as PortalEvent;

describe('applications projection: offers', () => {
  it('sets a pending offer on OfferExtended', () => {
    expect(applicationsProjection.apply(recorded(extended('a', { ctc: 1_200_000 })))).toEqual([
      {
        kind: 'update',
        collection: 'applications',
        filter: { _id: 'a' },
        update: { $set: { offer: { ctc: 1_200_000, stipend: null, tier: 'Dream', status: 'pending', extendedAt: '2025-03-05T00:00:00.000Z', answeredAt: null } } },
      },
    ]);
  });

  const history = (): PortalEvent[] => [
    applicationSubmitted('pending', 'job-pending', 's'),
    extended('pending', { stipend: 30_000 }),
    applicationSubmitted('accepted', 'job-accepted', 's'),
    extended('accepted', { ctc: 1_200_000 }),
    accepted('accepted'),
    applicationSubmitted('declined', 'job-declined', 's'),
    extended('declined', { ctc: 900_000 }),
    declined('declined'),
    applicationSubmitted('withdrawn', 'job-withdrawn', 's'),
    extended('withdrawn', { ctc: 900_000 }),
    accepted('withdrawn'),
    withdrawn('withdrawn'),
    // The placement stream's own withdrawal of the accepted offer reads the same.
    withdrawn('withdrawn'),
    applicationSubmitted('again', 'job-again', 's'),
    extended('again', { ctc: 900_000 }),
    withdrawn('again'),
    extended('again', { ctc: 1_000_000 }, '2025-03-08T00:00:00.000Z'),
    applicationSubmitted('none', 'job-none', 's'),
  ];
  const subject = builtTwiceFromHistory(applicationsProjection, history);

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('shows each offer with its answer: pending, accepted, declined, withdrawn, a new offer after a withdrawal, none before any', async () => {
    const applications = subject.db.collection<ApplicationDocument>(APPLICATION_COLLECTIONS.applications);
    const offerOf = async (id: string) => (await applications.findOne({ _id: id }))?.offer;
    expect(await offerOf('pending')).toEqual({ ctc: null, stipend: 30_000, tier: 'Dream', status: 'pending', extendedAt: '2025-03-05T00:00:00.000Z', answeredAt: null });
    expect(await offerOf('accepted')).toMatchObject({ ctc: 1_200_000, status: 'accepted', answeredAt: '2025-03-06T00:00:00.000Z' });
    expect(await offerOf('declined')).toMatchObject({ status: 'declined' });
    expect(await offerOf('withdrawn')).toMatchObject({ status: 'withdrawn', answeredAt: '2025-03-07T00:00:00.000Z' });
    expect(await offerOf('again')).toMatchObject({ ctc: 1_000_000, status: 'pending', answeredAt: null });
    expect(await offerOf('none')).toBeUndefined();
  });
});
