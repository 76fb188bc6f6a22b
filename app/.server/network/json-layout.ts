// Tenant files are written by hand in a compact style (short arrays and objects on one line, longer
// ones spread over lines). A file the wizard saves keeps that style (docs/decisions/0054): each
// object or array is laid out as the same path was in the file it replaces — on one line or spread —
// and a new one goes on one line when it fits in WIDTH columns. So the diff a reviewer reads shows
// what changed, not a reformatted file.
const WIDTH = 100;

type Layout = Map<string, boolean>;

/** For each object and array of a JSON text, by path ("settings.countries"), whether it spans lines. */
export function layoutOf(text: string): Layout {
  const layout: Layout = new Map();
  const stack: { path: string; start: number; array: boolean; index: number; key: string | null }[] = [];
  const childPath = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    const name = top.array ? String(top.index) : (top.key ?? '');
    return top.path ? `${top.path}.${name}` : name;
  };
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && expectKey) {
        top.key = JSON.parse(text.slice(i, j + 1)) as string;
        expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      stack.push({ path: childPath(), start: i, array: c === '[', index: 0, key: null });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      const top = stack.pop()!;
      layout.set(top.path, text.slice(top.start, i).includes('\n'));
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else expectKey = true;
    }
  }
  return layout;
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([key, v]) => `${JSON.stringify(key)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/** A tenant file's text laid out as `like` was (or compactly where `like` says nothing), ending in a newline. */
export function formatTenantFile(value: unknown, like: string | null = null): string {
  const layout = like ? layoutOf(like) : new Map<string, boolean>();
  const format = (node: unknown, path: string, indent: string, used: number): string => {
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    const flat = inline(node);
    const spread = layout.get(path) ?? indent.length + used + flat.length > WIDTH;
    if (!spread) return flat;
    const next = `${indent}  `;
    const at = (name: string) => (path ? `${path}.${name}` : name);
    if (Array.isArray(node)) return `[\n${node.map((item, i) => `${next}${format(item, at(String(i)), next, 1)}`).join(',\n')}\n${indent}]`;
    return `{\n${Object.entries(node)
      .map(([key, item]) => `${next}${JSON.stringify(key)}: ${format(item, at(key), next, JSON.stringify(key).length + 3)}`)
      .join(',\n')}\n${indent}}`;
  };
  return `${format(value, '', '', 0)}\n`;
}
