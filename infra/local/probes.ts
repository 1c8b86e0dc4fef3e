import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const isPortOpen = (host: string, port: number, timeoutMs = 1_000): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });

export const answersHttp = async (url: string, expectedStatus = 200, timeoutMs = 2_000): Promise<boolean> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    return response.status === expectedStatus;
  } catch {
    return false;
  }
};

/** Resolves true once `probe` does; false when `shouldGiveUp` says so or time runs out. */
export const pollUntil = async (
  probe: () => Promise<boolean>,
  timeoutMs: number,
  shouldGiveUp: () => boolean = () => false,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    if (shouldGiveUp()) return false;
    await sleep(250);
  }
  return probe();
};
