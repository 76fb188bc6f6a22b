// npm run lighthouse — Lighthouse (12.2.3, Debian's Chromium) on the production build, mobile
// (Lighthouse's default: a mid-range phone on a slow 4G link, simulated), for each page class of
// issue 22 with its targets. Add a page to PAGES (landers take the home page's targets).
// LIGHTHOUSE_PAGES=/,/members limits the run; LIGHTHOUSE_TENANT picks the tenant (default flirtlokaal).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { request, startServer } from '../tests/support/server';

const run = promisify(execFile);
const TENANT = process.env.LIGHTHOUSE_TENANT ?? 'flirtlokaal';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';

interface Target {
  score: number;
  jsKb: number;
  tbtMs: number;
}
const HOME: Target = { score: 98, jsKb: 70, tbtMs: 150 };
const MEMBER: Target = { score: 95, jsKb: 120, tbtMs: 150 };
const OTHER: Target = { score: 98, jsKb: 120, tbtMs: 150 };

const PAGES: { path: string; as: 'visitor' | 'member'; target: Target }[] = [
  { path: '/', as: 'visitor', target: HOME },
  // Landers are held to the home page's targets (issue 23 item 7).
  { path: '/landers/alonetonight', as: 'visitor', target: HOME },
  { path: '/pages/terms', as: 'visitor', target: OTHER },
  { path: '/members', as: 'visitor', target: MEMBER },
  { path: '/members', as: 'member', target: MEMBER },
];

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
}

const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = PAGES.filter((page) => !only || only.includes(page.path));
const app = await startServer({ NODE_ENV: 'production', DEMO: '1' });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-lighthouse-'));
const rows: string[][] = [['page', 'as', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'JS KB', 'target', 'met']];
try {
  const host = `${TENANT}.localhost:${app.port}`;
  const login = await request(app.port, host, '/api/user.php', {
    method: 'POST',
    body: JSON.stringify({ email: `member@${TENANT}.example`, password: 'rendezvous-demo' }),
    headers: { 'content-type': 'application/json', origin: `http://${host}` },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  for (const [i, page] of pages.entries()) {
    const file = path.join(out, `${i}.json`);
    const args = [
      `http://${host}${page.path}`,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${file}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(page.as === 'member' ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ];
    await run(process.execPath, ['node_modules/lighthouse/cli/index.js', ...args], { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } });
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as LighthouseReport;
    const score = Math.round(report.categories.performance.score * 100);
    const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? 0);
    const js = (report.audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const jsKb = Math.round(js / 1024);
    const met = score >= page.target.score && jsKb <= page.target.jsKb && audit('total-blocking-time') <= page.target.tbtMs;
    rows.push([page.path, page.as, String(score), String(audit('first-contentful-paint')), String(audit('largest-contentful-paint')), String(audit('total-blocking-time')), String(jsKb), `≥ ${page.target.score}, ≤ ${page.target.jsKb} KB, TBT ≤ ${page.target.tbtMs}`, met ? 'yes' : 'NO']);
  }
} finally {
  await app.stop();
  fs.rmSync(out, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(`\nLighthouse ${JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version as string}, mobile, ${TENANT}\n`);
for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
