export const say = (server: string, message: string): void => {
  console.log(`[${server}] ${message}`);
};

export const elapsedSince = (startedAt: number): string => `${((performance.now() - startedAt) / 1000).toFixed(1)}s`;

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
