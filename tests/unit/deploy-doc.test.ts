// docs/deploy.md shows the nginx configuration the fleet command and the tests use: the very file.
import fs from 'node:fs';
import { expect, it } from 'vitest';

it('shows deploy/nginx.conf.template verbatim in docs/deploy.md', () => {
  const doc = fs.readFileSync('docs/deploy.md', 'utf8');
  const shown = /```nginx\n(# Rendezvous behind nginx[\s\S]*?)```/.exec(doc)?.[1];
  expect(shown).toBe(fs.readFileSync('deploy/nginx.conf.template', 'utf8'));
});
