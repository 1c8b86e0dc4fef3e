export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Asks every dependency at once; ready only when all of them answer in time. */
export async function checkReadiness(checks: ReadinessCheck[], timeoutMs = 2000): Promise<ReadinessReport> {
  const results = await Promise.allSettled(checks.map((c) => withTimeout(c.check(), timeoutMs)));
  const entries = results.map((result, index): [string, string] => [
    checks[index]!.name,
    result.status === 'fulfilled' ? 'ok' : (result.reason as Error).message,
  ]);
  return { ready: entries.every(([, status]) => status === 'ok'), checks: Object.fromEntries(entries) };
}
