import { useEffect, useState } from 'react';
import type { OwnPlacementReply } from '@placement/domain';
import { http } from '../../../shared/api/http';

/** The student's accepted offers and the policy in force (GET /api/placement/mine): the domain's contract. */
export type MyPlacement = OwnPlacementReply;

export const placementApi = {
  mine: () => http.get<MyPlacement>('/api/placement/mine'),
};

/**
 * The signed-in student's placement, read once when the job screens open; null for anyone else, while
 * loading, or when it cannot be read (the server still decides when the student applies).
 */
export function useMyPlacement(enabled: boolean): MyPlacement | null {
  const [placement, setPlacement] = useState<MyPlacement | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    placementApi
      .mine()
      .then(({ data }) => live && setPlacement(data))
      .catch(() => live && setPlacement(null));
    return () => {
      live = false;
    };
  }, [enabled]);
  return placement;
}
