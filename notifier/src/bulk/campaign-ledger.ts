import {
  CAMPAIGN_EVENT_VERSIONS,
  campaignDecider,
  campaignRecipient,
  campaignStreamId,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignState,
} from '@placement/domain';
import { StreamWriter, type CausationMetadata, type EventStore, type Logger } from '@placement/platform';

interface OpenCampaign {
  writer: StreamWriter<CampaignCommand, CampaignEvent, CampaignState>;
  causation: CausationMetadata;
  queue: CampaignCommand[];
  writing: Promise<void>;
  timer: NodeJS.Timeout | undefined;
  usedAt: number;
}

const SYSTEM = { id: null, role: 'system' } as const;
const IDLE_MS = 10 * 60 * 1000;

/**
 * Records what the notifier did for each campaign recipient as campaign events, through the campaign
 * decider (which ignores a report about a recipient already settled, so a repeat changes nothing).
 * Reports are batched per campaign, and the campaign's state stays in memory between batches: a
 * 5,000-recipient campaign costs a hundred appends, not 5,000 reads of a growing stream.
 */
export class CampaignLedger {
  private readonly open = new Map<string, OpenCampaign>();

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    private readonly options: { batchSize?: number; lingerMs?: number } = {},
  ) {}

  /** Reads the campaign's latest events; call before deciding whom to send to. */
  async load(campaignId: string, causation: CausationMetadata): Promise<void> {
    this.forgetIdle();
    let campaign = this.open.get(campaignId);
    if (!campaign) {
      const writer = new StreamWriter(this.store, { streamId: campaignStreamId(campaignId), decider: campaignDecider, versions: CAMPAIGN_EVENT_VERSIONS });
      campaign = { writer, causation, queue: [], writing: Promise.resolve(), timer: undefined, usedAt: Date.now() };
      this.open.set(campaignId, campaign);
    }
    campaign.usedAt = Date.now();
    await campaign.writer.refresh();
  }

  /** True when the campaign already records this recipient as sent or finally failed. */
  isSettled(campaignId: string, email: string): boolean {
    const campaign = this.open.get(campaignId);
    const recipient = campaign && campaignRecipient(campaign.writer.current, email);
    return recipient !== undefined && recipient.outcome !== 'pending';
  }

  sent(campaignId: string, email: string, messageId: string): void {
    this.enqueue(campaignId, { type: 'RecordRecipientSent', campaignId, email, messageId });
  }

  failed(campaignId: string, email: string, reason: string, attempt: number, final: boolean): void {
    this.enqueue(campaignId, { type: 'RecordRecipientFailed', campaignId, email, reason: reason.slice(0, 500), attempt, final });
  }

  /** Appends every queued report of the campaign; throws (keeping them queued) when the store refuses. */
  async flush(campaignId: string): Promise<void> {
    const campaign = this.open.get(campaignId);
    if (!campaign) return;
    clearTimeout(campaign.timer);
    campaign.writing = campaign.writing.catch(() => undefined).then(() => this.write(campaignId, campaign));
    await campaign.writing;
  }

  async flushAll(): Promise<void> {
    await Promise.allSettled([...this.open.keys()].map((campaignId) => this.flush(campaignId)));
  }

  private enqueue(campaignId: string, command: CampaignCommand): void {
    const campaign = this.open.get(campaignId);
    if (!campaign) throw new Error(`campaign ${campaignId} reported before it was loaded`);
    campaign.queue.push(command);
    campaign.usedAt = Date.now();
    if (campaign.queue.length >= (this.options.batchSize ?? 200)) {
      void this.flush(campaignId).catch(() => undefined);
    } else if (!campaign.timer) {
      campaign.timer = setTimeout(() => {
        campaign.timer = undefined;
        void this.flush(campaignId).catch(() => undefined);
      }, this.options.lingerMs ?? 250);
    }
  }

  private async write(campaignId: string, campaign: OpenCampaign): Promise<void> {
    const commands = campaign.queue.splice(0);
    if (commands.length === 0) return;
    try {
      const outcome = await campaign.writer.run(commands, { context: { now: new Date(), actor: SYSTEM }, causation: campaign.causation });
      for (const { command, rejection } of outcome.rejected) this.logger.warn({ campaignId, command: command.type, reason: rejection.message }, 'campaign report refused');
    } catch (error) {
      campaign.queue.unshift(...commands);
      this.logger.error({ err: error, campaignId, reports: commands.length }, 'could not record campaign reports; they stay queued');
      throw error;
    }
  }

  private forgetIdle(): void {
    const now = Date.now();
    for (const [campaignId, campaign] of this.open) {
      if (campaign.queue.length === 0 && now - campaign.usedAt > IDLE_MS) this.open.delete(campaignId);
    }
  }
}
