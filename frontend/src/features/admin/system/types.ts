/** GET /api/system/status (query-api/src/routes/system.ts). */
export interface ServiceStatus {
  name: string;
  url: string;
  healthy: boolean;
  ready: boolean;
  uptimeSeconds: number | null;
  checks: Record<string, string>;
  error: string | null;
}

/** The event a projection keeps failing to apply: it does not move past it until it applies or an admin skips it. */
export interface StuckProjection {
  position: number;
  eventType: string;
  error: string;
  attempts: number;
  seconds: number;
}

export interface ProjectionLag {
  projection: string;
  lagEvents: number;
  lagSeconds: number;
  position: number | null;
  stuck: StuckProjection | null;
}

export interface ConsumerGroupLag {
  groupId: string;
  lag: number;
  topics: { topic: string; lag: number; partitions: { partition: number; committed: number | null; end: number; lag: number }[] }[];
}

export interface SystemStatus {
  status: 'ok' | 'degraded';
  checkedAt: string;
  services: ServiceStatus[];
  projections: { items: ProjectionLag[]; error: string | null };
  kafka: { groups: ConsumerGroupLag[]; error: string | null };
}
