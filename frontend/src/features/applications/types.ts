/** One entry of GET /api/audit/applications/:id. */
export interface HistoryEntry {
  position: number;
  type: string;
  occurredAt: string;
  actor: { id: string | null; role: string | null; name?: string };
  changes: { field: string; before: unknown; after: unknown }[] | null;
  data?: unknown;
}

export interface ApplicationHistory {
  streamId: string;
  events: HistoryEntry[];
}
