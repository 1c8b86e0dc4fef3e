import { loadEnv, runService } from '@placement/platform';
import { notifierService } from './service';
import { notifierSettings } from './settings';

runService(() => notifierService(loadEnv(), notifierSettings()));
