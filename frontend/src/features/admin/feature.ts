import { featureModule } from '../../shared/featureModule';
import { adminReducer } from './adminReducer';
import { adminSaga } from './sagas';

/** The admin and staff panel: every section's state under one key, every section's saga supervised on its own. */
export default featureModule({ reducers: { admin: adminReducer }, sagas: { admin: adminSaga } });
