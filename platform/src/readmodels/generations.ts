import type { Collection, Db, Document } from 'mongodb';
import { CHECKPOINT_COLLECTION, type ProjectionName } from './projections';

/**
 * A rebuild writes a new generation of a projection's collections beside the serving one and then
 * moves the checkpoint's generation forward; readers and the live runner follow it. (FerretDB has no
 * atomic rename-over, so the switch is a pointer, not a rename.)
 */
export const collectionOf = (base: string, generation: number): string => (generation === 0 ? base : `${base}__g${generation}`);

interface CheckpointDocument {
  _id: string;
  position: number;
  generation: number;
}

/** Resolves a read model's serving collection, re-reading the generation at most every `ttlMs`. */
export class ReadModels {
  private readonly cache = new Map<string, { generation: number; readAt: number }>();

  constructor(
    readonly db: Db,
    private readonly ttlMs = 250,
  ) {}

  async generationOf(projection: ProjectionName): Promise<number> {
    const cached = this.cache.get(projection);
    if (cached && Date.now() - cached.readAt < this.ttlMs) return cached.generation;
    const checkpoint = await this.db.collection<CheckpointDocument>(CHECKPOINT_COLLECTION).findOne({ _id: projection });
    const generation = checkpoint?.generation ?? 0;
    this.cache.set(projection, { generation, readAt: Date.now() });
    return generation;
  }

  async collection<T extends Document>(projection: ProjectionName, base: string): Promise<Collection<T>> {
    return this.db.collection<T>(collectionOf(base, await this.generationOf(projection)));
  }
}
