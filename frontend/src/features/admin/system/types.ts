/**
 * GET /api/system/status: the domain's contract (domain/src/system/contracts.ts), imported as types only
 * so that no zod reaches the bundle.
 */
export type { ProjectionLag, SystemStatus } from '@placement/domain';
