import type { Reducer } from '@reduxjs/toolkit';
import type { FeatureModule } from '../shared/featureModule';
import type shell from '../features/auth/feature';
import type jobs from '../features/jobs/feature';
import type applications from '../features/applications/feature';
import type dashboard from '../features/dashboard/feature';
import type trainings from '../features/trainings/feature';
import type profile from '../features/profile/feature';
import type interviews from '../features/interviews/feature';
import type resume from '../features/resume/feature';
import type admin from '../features/admin/feature';

type ReducersOf<Feature> = Feature extends FeatureModule<infer Reducers> ? Reducers : never;
type AllReducers = ReducersOf<typeof shell> &
  ReducersOf<typeof jobs> &
  ReducersOf<typeof applications> &
  ReducersOf<typeof dashboard> &
  ReducersOf<typeof trainings> &
  ReducersOf<typeof profile> &
  ReducersOf<typeof interviews> &
  ReducersOf<typeof resume> &
  ReducersOf<typeof admin>;

/**
 * The whole state, one key per feature slice (a type only: the shell's slices are there from the
 * start, the others from their first screen, see app/features.ts). A new feature adds its module here
 * and in app/features.ts.
 */
export type RootState = { [Key in keyof AllReducers]: AllReducers[Key] extends Reducer<infer State> ? State : never };
