// npm run build's second step: server.ts and the domain code it imports as one ES module,
// build/server.js, with every package left to node_modules. The production start, the fleet and the
// tests run it with plain node: no TypeScript loader at start (docs/decisions/0041, "The suite",
// second addendum: 3.8–4.5 s of CPU per start under tsx, 1.5–1.7 s bundled).
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  alias: { '~': './app' },
  sourcemap: 'linked',
  logLevel: 'warning',
});
