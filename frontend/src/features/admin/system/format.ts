/** 42 s, 5 min 3 s, 2 h 5 min, 3 d 4 h. */
export function formatUptime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return 'N/A';
  const s = Math.floor(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** Seconds behind with one decimal below a minute, else as an uptime-like duration. */
export const formatLagSeconds = (seconds: number): string => (seconds < 60 ? `${Math.round(seconds * 10) / 10} s` : formatUptime(seconds));

/** The readiness checks that failed, as 'name: problem'. */
export const failedChecks = (checks: Record<string, string>): string[] => Object.entries(checks).filter(([, value]) => value !== 'ok').map(([name, value]) => `${name}: ${value}`);
