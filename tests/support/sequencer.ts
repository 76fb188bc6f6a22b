// The order the suite's files start in (docs/decisions/0041, "The suite", second addendum): within a
// group (sequence.groupOrder), longest first by the durations in tests/durations.json, across projects,
// so the long integration and browser files overlap instead of one long file running on alone at the
// end. Vitest's own order sorts integration before e2e and, on a fresh clone without its cache, by
// file size. A file the table does not know yet (a new one) starts first, as Vitest starts unknown
// files first. `npm run test:durations` writes the table again from a run's JSON report.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = path.resolve(import.meta.dirname, '../durations.json');

/** The key of a file in the table: its path from the repository root (a file is in one project). */
export function durationKey(file: string, root: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => durations[durationKey(spec.moduleId, root)];
    return [...files].sort((a, b) => {
      const byGroup = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (byGroup !== 0) return byGroup;
      const [da, db] = [known(a), known(b)];
      if (da === undefined || db === undefined) return da === undefined ? (db === undefined ? 0 : -1) : 1;
      return db - da;
    });
  }
}
