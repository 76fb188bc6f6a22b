// The routes an Express router answers, read from the router itself: the fuzz test covers each of them
// without anyone listing them (docs/decisions/0061).
import type { Router } from 'express';

export interface RouteEntry {
  /** The pattern as registered: a path with `:params` / `{*splat}`, or a regular expression. */
  path: string | RegExp;
  methods: string[];
}

interface Layer {
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
}

export function routesOf(router: Router): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    if (!layer.route) continue;
    const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all').map((method) => method.toUpperCase());
    for (const path of [layer.route.path].flat()) out.push({ path, methods });
  }
  return out;
}
