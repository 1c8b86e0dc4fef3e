import path from 'node:path';
import { LOCAL_STACK, type StackServers } from '../../platform/src/config/local-stack';
import { DATA_ROOT, LOGS_DIR } from './paths';

/**
 * Where one copy of the servers lives: their addresses, their data and their logs. `npm start` runs
 * the default copy; the fault tests (tests/faults/) run a second one, on ports and in folders of their
 * own, so that killing its servers never touches the stack other work runs against.
 */
export interface ServerLayout {
  servers: StackServers;
  /** Holds `<server>/` data folders and `pids/`. */
  dataRoot: string;
  logsDir: string;
}

export const DEFAULT_LAYOUT: ServerLayout = { servers: LOCAL_STACK, dataRoot: DATA_ROOT, logsDir: LOGS_DIR };

export const dataDirIn = (layout: ServerLayout, server: string): string => path.join(layout.dataRoot, server);
export const logFileIn = (layout: ServerLayout, server: string): string => path.join(layout.logsDir, `${server}.log`);
export const pidFileIn = (layout: ServerLayout, server: string): string => path.join(layout.dataRoot, 'pids', `${server}.pid`);
