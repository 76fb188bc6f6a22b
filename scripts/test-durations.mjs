// Writes tests/durations.json, the table tests/support/sequencer.ts starts the longest files first by.
// `npm run test:durations` runs the suite with the JSON reporter and then this script on its report;
// `node scripts/test-durations.mjs <file>` reads a report written before: Vitest's JSON report, or the
// default reporter's output (a CI log: each file's line ends with its duration, "… (12 tests) 3456ms").
// Files the report does not name keep their entries.
import fs from 'node:fs';
import path from 'node:path';

const report = process.argv[2] ?? 'build/test-report.json';
const root = process.cwd();
const text = fs.readFileSync(report, 'utf8');
const measured = {};
if (text.trimStart().startsWith('{')) {
  for (const file of JSON.parse(text).testResults) {
    measured[path.relative(root, file.name).split(path.sep).join('/')] = Math.round(file.endTime - file.startTime);
  }
} else {
  // eslint-disable-next-line no-control-regex
  for (const line of text.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const match = /^\s*[✓❯×]\s+\S+\s+(tests\/\S+\.test\.tsx?) \(.*\) (\d+)ms$/.exec(line);
    if (match) measured[match[1]] = Number(match[2]);
  }
}
const file = 'tests/durations.json';
const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
const durations = Object.fromEntries(Object.entries({ ...before, ...measured }).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync(file, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${file}: ${Object.keys(measured).length} files measured, ${Object.keys(durations).length} in all`);
