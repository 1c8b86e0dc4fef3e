import { postedLabel, shortDate } from './format';

describe('the short date of the job screens', () => {
  it("reads as en-US's short date, in the browser's time zone", () => {
    const days = Array.from({ length: 400 }, (_, day) => new Date(Date.UTC(2024, 0, 1, 23, 30) + day * 86_400_000 * 1.37).toISOString());
    for (const iso of ['2025-07-01T10:00:00.000Z', '2025-12-31T23:59:59.000Z', '2026-01-01T00:00:00.000Z', ...days]) {
      expect(shortDate(iso)).toBe(new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    }
    expect(postedLabel('2025-07-01T10:00:00.000Z')).toBe('Posted Jul 1, 2025');
  });

  it('is nothing for a missing or unreadable date', () => {
    expect(shortDate(null)).toBeNull();
    expect(shortDate('')).toBeNull();
    expect(shortDate('not a date')).toBeNull();
    expect(postedLabel(undefined)).toBe('Recently');
  });
});
