// Routes stay thin (issue 27 item 4, common brief): what a long route holds — form logic, formatting,
// view pieces — belongs in the domain layer (app/.server/...) or in app/components/<area>/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = path.resolve(__dirname, '../../app/routes');
const MOST_LINES = 250;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('route files', () => {
  it(`keeps every file in app/routes at ${MOST_LINES} lines or fewer`, () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(0);
    const long = files
      .map((file) => ({ file: path.relative(ROUTES, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MOST_LINES);
    expect(long).toEqual([]);
  });
});
