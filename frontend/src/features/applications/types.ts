/** A row of GET /api/applications/my-applications (spec §3): jobId is null once the job is deleted. */
export interface MyApplication {
  _id: string;
  status: string;
  appliedDate: string;
  jobId: {
    _id: string;
    profiles?: string;
    companyName?: string;
    ctcOrStipend?: string;
    location?: string;
    offerType?: string[];
  } | null;
}

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
