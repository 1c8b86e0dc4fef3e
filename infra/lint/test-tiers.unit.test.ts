import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.local', 'coverage']);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

describe('test tiers', () => {
  it('every test file says in its name whether it needs nothing (unit), the running servers (int) or a browser on the whole portal (e2e)', () => {
    const files = testFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !/\.(unit|int|e2e)\.test\.tsx?$/.test(file))).toEqual([]);
  });
});
