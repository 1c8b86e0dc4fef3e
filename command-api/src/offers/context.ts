import {
  applicationDecider,
  applicationStreamId,
  fold,
  WHAT_IF_EVENT_TYPES,
  type ApplicationEvent,
  type OpenOffer,
  type SeasonEvent,
} from '@placement/domain';
import { toDomainEvents, type EventStore, type RecordedEvent } from '@placement/platform';

/** What answering an offer and a what-if run read from other streams: the application's offer, the season so far. */

/** The application's latest offer: extended while the status is Accepted, withdrawn once it left; null when none was made. */
export async function openOfferOf(store: EventStore, applicationId: string): Promise<OpenOffer | null> {
  const history = toDomainEvents<ApplicationEvent>(await store.readStream(applicationStreamId(applicationId)));
  const extended = history.findLast((event) => event.type === 'OfferExtended');
  if (!extended || extended.type !== 'OfferExtended') return null;
  const state = fold(applicationDecider, history);
  const standing = state.kind === 'active' && state.application.offer !== undefined;
  const { jobId, studentId, companyName, tier, ctc, stipend, extendedAt } = extended.data;
  return { applicationId, jobId, studentId, companyName, tier, ...(ctc === undefined ? {} : { ctc }), ...(stipend === undefined ? {} : { stipend }), extendedAt, status: standing ? 'extended' : 'withdrawn' };
}

/**
 * The season's events a what-if run reads, a batch at a time, in the order they happened: by their time,
 * then by log position (the same order for live events; a backdated load such as the demo season's
 * appends whole streams one after another).
 */
export async function seasonEvents(store: EventStore): Promise<SeasonEvent[]> {
  const events: RecordedEvent[] = [];
  const batch = 2000;
  for (let from: number | undefined = undefined; ; ) {
    const page = await store.readAll({ ...(from === undefined ? {} : { fromPosition: from }), maxCount: batch });
    events.push(...page.filter((event) => WHAT_IF_EVENT_TYPES.has(event.type)));
    if (page.length < batch) break;
    from = page.at(-1)!.position;
  }
  const time = (event: RecordedEvent) => Date.parse(event.metadata.occurredAt);
  return toDomainEvents<SeasonEvent>(events.sort((left, right) => time(left) - time(right) || left.position - right.position));
}
