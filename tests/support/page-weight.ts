// What a page weighs, in bytes (deterministic, unlike times): its HTML, the loader data inside it,
// and the JavaScript it loads at start (module preloads, scripts and the catalogue), gzip-compressed
// at level 9 from build/client as a CDN would send it. Used by tests/integration/page-weight.test.ts.
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
}

const gzip = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

export async function pageWeight(port: number, host: string, pathname: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const res = await request(port, host, pathname, { headers });
  const html = res.text;
  const loaderDataBytes = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((script) => script.includes('__remixContext.streamController.enqueue'))
    .reduce((sum, script) => sum + Buffer.byteLength(script), 0);
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
  return { status: res.status, htmlBytes: res.body.length, htmlGzip: gzip(res.body), loaderDataBytes, js, jsGzip: js.reduce((sum, file) => sum + file.gzip, 0) };
}
