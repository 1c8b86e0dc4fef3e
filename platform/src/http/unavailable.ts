/**
 * Whether an error means that a server the service depends on (the event store, the read-model server,
 * object storage, the broker) cannot be reached or cannot serve right now: a refused or dropped
 * connection, a timeout, a server that is shutting down or starting up. Such a request is answered
 * 503 with Retry-After (the client may simply try again), never 500, and never after a hang.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  return someCause(error, isUnavailableItself);
}

/** How long a client is told to wait before it tries again, in seconds (the gateway says the same). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket and resolver errors of Node, on any client's connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTCONN', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * The same codes in a message, for errors that lost the code on the way: the AWS SDK rewraps an error
 * that is not an `Error` of its own realm (under jest's VM, a socket error) as 'AWS SDK error wrapper for
 * Error: connect ECONNREFUSED …'.
 */
const NETWORK_CODE_IN_MESSAGE = new RegExp(`\\b(${[...NETWORK_CODES].join('|')})\\b`);

/** PostgreSQL: connection exceptions (class 08), shutting down or starting up (57P01-57P03), too many connections. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;

/** What pg and pg-pool say, without a code, when a connection is dropped or cannot be had in time. */
const POSTGRES_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** The mongodb driver's errors for a server it cannot reach or lost. */
const MONGO_UNAVAILABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

/** MongoDB server codes of a server that cannot serve now: unreachable hosts, elections, shutdown. */
const MONGO_UNAVAILABLE_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * FerretDB answers InternalError (code 1) when its own PostgreSQL is down; the message carries the
 * backend's words (SQLSTATE, or the refused dial).
 */
const BACKEND_DOWN_MESSAGE = /SQLSTATE (08...|57P0[1-3])|failed to connect to|connect: connection refused|conn closed|unexpected EOF/;

/** Other clients' names for the same: EventStoreDB's gRPC client, kafkajs, the AWS SDK, fetch. */
const UNAVAILABLE_NAMES = new Set([
  'UnavailableError',
  'DeadlineExceededError',
  'NotLeaderError',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSNumberOfRetriesExceeded',
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
  'SlowDown',
  'XMinioServerNotInitialized',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

function isUnavailableItself(error: ErrorLike): boolean {
  const { name, code, message } = error;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (typeof name === 'string' && (MONGO_UNAVAILABLE_NAMES.has(name) || UNAVAILABLE_NAMES.has(name))) return true;
  if (name === 'MongoServerError' && typeof code === 'number') {
    if (MONGO_UNAVAILABLE_CODES.has(code)) return true;
    if (code === 1 && typeof message === 'string' && BACKEND_DOWN_MESSAGE.test(message)) return true;
  }
  if (typeof message === 'string' && code === undefined && (POSTGRES_CONNECTION_MESSAGES.test(message) || NETWORK_CODE_IN_MESSAGE.test(message))) return true;
  // Object storage that answers but cannot serve (MinIO starting up, S3 throttling).
  return error.$metadata?.httpStatusCode === 503;
}

/** The error, its causes and (for an AggregateError) its parts; a few levels deep. */
function someCause(error: unknown, test: (error: ErrorLike) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const candidate = error as ErrorLike;
  if (test(candidate)) return true;
  if (someCause(candidate.cause, test, depth + 1)) return true;
  return Array.isArray(candidate.errors) && candidate.errors.some((part) => someCause(part, test, depth + 1));
}
