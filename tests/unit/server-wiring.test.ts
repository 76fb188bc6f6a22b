// server.ts is a list of wiring (issue 49 item 2): under 200 lines, no function in it over 60; what
// it wires lives in the module that owns it (app/.server/start/, http/, observability/).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const file = path.resolve(__dirname, '../../server.ts');
const text = fs.readFileSync(file, 'utf8');
const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

function functionLengths(node: ts.Node, found: { name: string; lines: number }[] = []): { name: string; lines: number }[] {
  if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
    const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
    const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    const name = ts.isFunctionDeclaration(node) && node.name ? node.name.text : `function at line ${start + 1}`;
    found.push({ name, lines: end - start + 1 });
  }
  ts.forEachChild(node, (child) => void functionLengths(child, found));
  return found;
}

describe('server.ts', () => {
  it('is under 200 lines', () => {
    expect(text.split('\n').length).toBeLessThan(200);
  });

  it('has no function over 60 lines', () => {
    const functions = functionLengths(source);
    expect(functions.length).toBeGreaterThanOrEqual(3);
    expect(functions.filter((fn) => fn.lines > 60)).toEqual([]);
  });

  it('casts nothing out of res.locals (http/locals.ts types it once)', () => {
    expect(text).not.toMatch(/res\.locals\.\w+ as /);
  });
});
