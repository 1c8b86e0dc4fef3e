import { Counter, Histogram, type Registry } from '@placement/platform';

/** The notifier's own metrics; registered on the service's registry when its routes are mounted. */
export function createNotifierMetrics() {
  const metrics = {
    sent: new Counter({ name: 'notifier_mails_sent_total', help: 'Mails the SMTP server accepted', labelNames: ['kind'], registers: [] }),
    failed: new Counter({ name: 'notifier_mail_failures_total', help: 'Sends the SMTP server refused or that failed', labelNames: ['kind', 'permanent'], registers: [] }),
    duplicatesSuppressed: new Counter({
      name: 'notifier_duplicates_suppressed_total',
      help: 'Mails not sent again because the sent log already had them (redelivered or republished events)',
      labelNames: ['kind'],
      registers: [],
    }),
    inDoubt: new Counter({
      name: 'notifier_in_doubt_resends_total',
      help: 'Mails sent again after a crash left them in doubt; checked: the delivery log did not have them, unchecked: there is no delivery log (a possible duplicate, same Message-ID)',
      labelNames: ['kind', 'checked'],
      registers: [],
    }),
    duplicatesDetected: new Counter({
      name: 'notifier_duplicates_detected_total',
      help: 'Mails a crash left in doubt that the delivery log had already accepted: recorded as sent, not sent again',
      labelNames: ['kind'],
      registers: [],
    }),
    retries: new Counter({ name: 'notifier_retries_scheduled_total', help: 'Failed work put on the retry topic', registers: [] }),
    deadLetters: new Counter({ name: 'notifier_dead_letters_total', help: 'Work given up on and put on the dead-letter topic', registers: [] }),
    events: new Counter({ name: 'notifier_events_handled_total', help: 'Relayed events handled, by type', labelNames: ['type'], registers: [] }),
    eventsBeforeStart: new Counter({
      name: 'notifier_events_before_first_start_total',
      help: 'Events passed over because they happened before the notifier first started in this deployment',
      labelNames: ['type'],
      registers: [],
    }),
    eventsRecordedSilently: new Counter({
      name: 'notifier_events_recorded_silently_total',
      help: 'Events passed over because they were recorded as history that mails nobody (metadata notify: false, the demo season)',
      labelNames: ['type'],
      registers: [],
    }),
    sendSeconds: new Histogram({
      name: 'notifier_smtp_send_seconds',
      help: 'Time the SMTP server took to accept a mail',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [],
    }),
  };
  return {
    ...metrics,
    register(registry: Registry): void {
      for (const metric of Object.values(metrics)) registry.registerMetric(metric);
    },
  };
}

export type NotifierMetrics = ReturnType<typeof createNotifierMetrics>;
