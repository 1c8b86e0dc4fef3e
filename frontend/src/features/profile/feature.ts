import { featureModule } from '../../shared/featureModule';
import { profileReducer } from './profileSlice';
import { profileSaga } from './sagas';

export default featureModule({ reducers: { profile: profileReducer }, sagas: { profile: profileSaga } });
