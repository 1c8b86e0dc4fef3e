import { featureModule } from '../../shared/featureModule';
import { jobListingsReducer } from './jobListingsSlice';
import { postJobReducer } from './post/postJobSlice';
import { postJobSaga } from './post/sagas';
import { jobsSaga } from './sagas';

/** The job listing and the job posting form. */
export default featureModule({ reducers: { jobListings: jobListingsReducer, postJob: postJobReducer }, sagas: { jobs: jobsSaga, postJob: postJobSaga } });
