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

export interface ProjectionLag {
  projection: string;
  lagEvents: number;
  lagSeconds: number;
  position: number | null;
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
