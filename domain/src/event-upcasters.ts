import { JOB_UPCASTERS } from './jobs/upcasters';
import type { Upcasters } from './upcast';

/** Every aggregate's upcasters in one (event types are unique across aggregates): what any reader of the log applies. */
export const EVENT_UPCASTERS: Upcasters = { ...JOB_UPCASTERS };
