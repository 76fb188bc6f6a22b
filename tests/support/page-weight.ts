// What a page weighs, in bytes (deterministic, unlike times): its HTML, the loader data inside it,
// and the JavaScript it loads at start (module preloads, scripts and the catalogue), gzip-compressed
// at level 9 from build/client as a CDN would send it. Used by tests/integration/page-weight.test.ts.
// A page that hydrates on demand (landers, docs/decisions/0035) loads its sleeping scripts only when
// the visitor acts: they are `jsOnDemand`, and its wake script (/wake/<hash>.js) counts as loaded at start.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from './server';

export interface PageWeight {
  status: number;
  htmlBytes: number;
  htmlGzip: number;
  /** The single-fetch loader data streamed into the page (its inline <script>s). */
  loaderDataBytes: number;
  js: { file: string; gzip: number }[];
  jsGzip: number;
  /** What a page that hydrates on demand loads once woken (gzip). */
  jsOnDemandGzip: number;
}

const gzip = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

export async function pageWeight(port: number, host: string, pathname: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const res = await request(port, host, pathname, { headers });
  const html = res.text;
  const loaderDataBytes = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((script) => script.includes('__remixContext.streamController.enqueue'))
    .reduce((sum, script) => sum + Buffer.byteLength(script), 0);
  const sleeping = /<script type="text\/rdv-lazy"[^>]*>[\s\S]*?<\/script>|<link rel="rdv-mp"[^>]*>/g;
  const awake = html.replace(sleeping, '');
  const js = await scripts(port, host, awake, headers);
  const onDemand = await scripts(port, host, [...html.matchAll(sleeping)].map((match) => match[0].replace('type="text/rdv-lazy"', '').replace('rdv-mp', 'modulepreload')).join('\n'), headers);
  const sum = (files: PageWeight['js']) => files.reduce((total, file) => total + file.gzip, 0);
  return { status: res.status, htmlBytes: res.body.length, htmlGzip: gzip(res.body), loaderDataBytes, js, jsGzip: sum(js), jsOnDemandGzip: sum(onDemand) };
}

/** The JavaScript files the HTML loads: module preloads, script sources and dynamic imports. */
async function scripts(port: number, host: string, html: string, headers: Record<string, string>): Promise<PageWeight['js']> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]* src="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\("([^"]+)"\)/g)) urls.add(match[1]!);
  const js: PageWeight['js'] = [];
  for (const url of urls) {
    const file = path.join('build/client', url);
    const body = url.startsWith('/assets/') && fs.existsSync(file) ? fs.readFileSync(file) : (await request(port, host, url, { headers })).body;
    js.push({ file: url, gzip: gzip(body) });
  }
  return js;
}
