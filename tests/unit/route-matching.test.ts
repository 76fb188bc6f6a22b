// Issue 32 item 2 (docs/decisions/0041): Remix matches a request against routes it flattened and
// ranked once, not on every request — the patches under patches/ (applied by npm's postinstall).
import { createRequire } from 'node:module';
import { createStaticHandler } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// The server runtime's own matcher, as @remix-run/node loads it.
const { matchServerRoutes } = require('@remix-run/server-runtime/dist/routeMatching.js') as {
  matchServerRoutes: (routes: unknown[], pathname: string) => { route: { id: string }; params: Record<string, string> }[] | null;
};

/** A route tree that counts how often its routes are walked (flattening reads every route's children). */
function countedRoutes() {
  let walks = 0;
  const route = (id: string, extra: Record<string, unknown>) =>
    new Proxy({ id, ...extra }, { get: (target, key) => (key === 'children' && walks++, Reflect.get(target, key)) });
  const routes = [
    route('root', {
      path: '',
      children: [route('index', { index: true }), route('member', { path: 'members/:id' }), route('members', { path: 'members' }), route('api-user', { path: 'api/user.php' }), route('api-any', { path: 'api/*' })],
    }),
  ];
  return { routes, walks: () => walks };
}

describe('route matching once (issue 32 item 2)', () => {
  it('the server runtime ranks a route tree on its first request only, and matches as before', () => {
    const { routes, walks } = countedRoutes();
    expect(matchServerRoutes(routes, '/members/12')?.map((m) => m.route.id)).toEqual(['root', 'member']);
    const afterFirst = walks();
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchServerRoutes(routes, '/members')?.map((m) => m.route.id)).toEqual(['root', 'members']);
    expect(matchServerRoutes(routes, '/api/user.php')?.map((m) => m.route.id)).toEqual(['root', 'api-user']);
    expect(matchServerRoutes(routes, '/api/nope')?.at(-1)?.params).toEqual({ '*': 'nope' });
    expect(matchServerRoutes(routes, '/')?.map((m) => m.route.id)).toEqual(['root', 'index']);
    expect(walks()).toBe(afterFirst);
  });

  it("the static handler (Remix's loaders and actions) ranks its routes when it is made, not per query", async () => {
    const handler = createStaticHandler([
      { id: 'root', path: '/', children: [{ id: 'a', path: 'a/:x', loader: ({ params }) => Response.json(params) }, { id: 'b', path: 'a/b', loader: () => Response.json('b') }] },
    ]);
    expect((handler as unknown as { _internalRouteBranches?: unknown[] })._internalRouteBranches?.length).toBeGreaterThan(0);
    const b = (await handler.queryRoute(new Request('http://x/a/b'))) as Response;
    const x = (await handler.queryRoute(new Request('http://x/a/z'))) as Response;
    expect([await b.json(), await x.json()]).toEqual(['b', { x: 'z' }]);
  });
});
