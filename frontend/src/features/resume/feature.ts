import { featureModule } from '../../shared/featureModule';
import { resumeReducer } from './resumeSlice';
import { resumeSaga } from './sagas';

export default featureModule({ reducers: { resume: resumeReducer }, sagas: { resume: resumeSaga } });
