import pino, { type DestinationStream, type Logger } from 'pino';
import { currentCorrelationId } from './request-context';

export type { Logger };

/**
 * JSON logs, one line per entry, tagged with the service name and, inside a request or the handling
 * of a relayed event, with its correlation id (request-context.ts), whichever logger writes the line.
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId === undefined ? {} : { correlationId };
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
