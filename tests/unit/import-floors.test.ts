// No import circles in app/ and server.ts, type imports included (docs/decisions/0073): eslint's
// import-x/no-cycle skips type-only imports, so the graph is built here with the TypeScript parser.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/') ? path.join(root, 'app', specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each file's imports and re-exports of our own modules, `import type` and `export type` included. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const targets: string[] = [];
    source.forEachChild((node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveImport(file, node.moduleSpecifier.text);
        if (target) targets.push(target);
      }
    });
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's circles: its strongly connected parts of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(part.map((f) => path.relative(root, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('finds a circle of type imports when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph)).toEqual([[path.relative(root, '/a.ts'), path.relative(root, '/b.ts'), path.relative(root, '/c.ts')].sort()]);
  });

  it('reads type imports and re-exports as arrows', () => {
    const graph = importGraph([path.join(root, 'app/.server/notifications/activity.ts')]);
    const targets = (graph.get(path.join(root, 'app/.server/notifications/activity.ts')) ?? []).map((f) => path.relative(root, f));
    expect(targets).toContain('app/.server/db/schema.ts');
    expect(targets).toContain('app/.server/notifications/activity-mail.ts');
  });

  it('has no circle in app/ and server.ts, type imports included', () => {
    const files = [...sourceFiles(path.join(root, 'app')), path.join(root, 'server.ts')];
    expect(files.length).toBeGreaterThan(500);
    expect(circles(importGraph(files))).toEqual([]);
  });
});
