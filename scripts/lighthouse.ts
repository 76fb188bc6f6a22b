// npm run lighthouse — Lighthouse (13.5.0, Debian's Chromium) on the production build, mobile
// (Lighthouse's default: a mid-range phone on a slow 4G link, simulated), for each page class of
// issue 22 with its targets. Add a page to PAGES (landers take the home page's targets).
// LIGHTHOUSE_PAGES=/,/members limits the run; LIGHTHOUSE_TENANT picks the tenant (default flirtlokaal);
// LIGHTHOUSE_KEEP=1 keeps the JSON reports and prints where they are.
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
  /** Largest cumulative layout shift allowed (unset: not a target). */
  cls?: number;
}
const HOME: Target = { score: 98, jsKb: 70, tbtMs: 150 };
const MEMBER: Target = { score: 95, jsKb: 120, tbtMs: 150 };
/** Landers: the home page's targets and no layout shift (CLS 0). */
const LANDER: Target = { ...HOME, cls: 0 };
const OTHER: Target = { score: 98, jsKb: 120, tbtMs: 150 };

const PAGES: { path: string; as: 'visitor' | 'member'; target: Target }[] = [
  { path: '/', as: 'visitor', target: HOME },
  // Landers and member landings are held to the home page's targets (issue 23 item 7, docs/decisions/0035).
  ...['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'tinderswipe'].map((lander) => ({ path: `/landers/${lander}`, as: 'visitor' as const, target: LANDER })),
  ...['landing', 'landing2', 'landing3'].map((landing) => ({ path: `/members/{profile}/${landing}`, as: 'visitor' as const, target: LANDER })),
  { path: '/pages/terms', as: 'visitor', target: OTHER },
  { path: '/members', as: 'visitor', target: MEMBER },
  { path: '/members', as: 'member', target: MEMBER },
  // The other member pages (issue 32 item 4: member pages ≥ 90).
  { path: '/members/{profile}', as: 'member', target: MEMBER },
  { path: '/chats', as: 'member', target: MEMBER },
  { path: '/likes', as: 'member', target: MEMBER },
];

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
}

// LIGHTHOUSE_PAGES=/landers/,/members/{profile}/ runs the pages that start with these; `/` alone is the home page.
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = PAGES.filter((page) => !only || only.some((prefix) => page.path === prefix || (prefix.length > 1 && prefix.endsWith('/') && page.path.startsWith(prefix))));
const app = await startServer({ NODE_ENV: 'production', DEMO: '1' });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-lighthouse-'));
const rows: string[][] = [['page', 'as', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'target', 'met']];
try {
  const host = `${TENANT}.localhost:${app.port}`;
  const login = await request(app.port, host, '/api/user.php', {
    method: 'POST',
    body: JSON.stringify({ email: `member@${TENANT}.example`, password: 'rendezvous-demo' }),
    headers: { 'content-type': 'application/json', origin: `http://${host}` },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  // A member landing needs a profile: the first one the visitors' search shows.
  const profile = (await request(app.port, host, '/api/members.php')).json<{ results: { id: number }[] }>().results[0]!.id;
  for (const [i, page] of pages.entries()) {
    const file = path.join(out, `${i}.json`);
    const args = [
      `http://${host}${page.path.replace('{profile}', String(profile))}`,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${file}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(page.as === 'member' ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ];
    const lighthouse = () => run(process.execPath, ['node_modules/lighthouse/cli/index.js', ...args], { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } });
    // On a loaded machine Chromium now and then fails to record the trace (NO_NAVSTART): once more.
    await lighthouse().catch(lighthouse);
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as LighthouseReport;
    const score = Math.round(report.categories.performance.score * 100);
    const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? 0);
    const js = (report.audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const jsKb = Math.round(js / 1024);
    const cls = report.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const met = score >= page.target.score && jsKb <= page.target.jsKb && audit('total-blocking-time') <= page.target.tbtMs && (page.target.cls === undefined || cls <= page.target.cls);
    rows.push([page.path, page.as, String(score), String(audit('first-contentful-paint')), String(audit('largest-contentful-paint')), String(audit('total-blocking-time')), cls.toFixed(3), String(jsKb), `≥ ${page.target.score}, ≤ ${page.target.jsKb} KB, TBT ≤ ${page.target.tbtMs}${page.target.cls === undefined ? '' : `, CLS ≤ ${page.target.cls}`}`, met ? 'yes' : 'NO']);
  }
} finally {
  await app.stop();
  // LIGHTHOUSE_KEEP=1 keeps the JSON reports (their main-thread breakdown says where TBT goes).
  if (process.env.LIGHTHOUSE_KEEP) console.log(`reports kept in ${out}`);
  else fs.rmSync(out, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(`\nLighthouse ${JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version as string}, mobile, ${TENANT}\n`);
for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
