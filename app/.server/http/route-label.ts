// The route label of a request for logs and metrics (docs/decisions/0045-observability.md): the
// pattern of the Remix route that answers it (`/members/:id`), never the raw URL, so a label holds
// no id or token and the number of labels stays bounded by the number of routes.
import type { ServerBuild } from '@remix-run/node';

interface Pattern {
  label: string;
  segments: string[];
  score: number;
}

/** Scores like React Router's ranking: static segments beat parameters, parameters beat a splat. */
function scoreOf(segments: string[]): number {
  return segments.reduce((sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? (segment.endsWith('?') ? 2 : 3) : 10), segments.length);
}

function matches(pattern: string[], path: string[]): boolean {
  if (!pattern.length) return !path.length;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head === '*') return true;
  if (head.startsWith(':') && head.endsWith('?')) return matches(rest, path) || (path.length > 0 && matches(rest, path.slice(1)));
  if (!path.length) return false;
  if (head.startsWith(':') || head === path[0]) return matches(rest, path.slice(1));
  return false;
}

/** A function from a pathname (`/members/123`, `/members/123.data`) to its route pattern; `unmatched` for none. */
export function routeLabeler(build: ServerBuild): (pathname: string) => string {
  const routes = build.routes;
  const fullPath = (id: string): string[] => {
    const route = routes[id];
    if (!route) return [];
    const own = (route.path ?? '').split('/').filter(Boolean);
    return [...(route.parentId ? fullPath(route.parentId) : []), ...own.map((segment) => (segment.startsWith(':') ? segment : segment.toLowerCase()))];
  };
  const seen = new Set<string>();
  const patterns: Pattern[] = [];
  for (const id of Object.keys(routes)) {
    const segments = fullPath(id);
    const label = `/${segments.join('/')}`;
    if (seen.has(label)) continue;
    seen.add(label);
    patterns.push({ label, segments, score: scoreOf(segments) });
  }
  patterns.sort((a, b) => b.score - a.score);
  return (pathname) => {
    const bare = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
    const segments = bare.toLowerCase().split('/').filter(Boolean);
    return patterns.find((pattern) => matches(pattern.segments, segments))?.label ?? 'unmatched';
  };
}
