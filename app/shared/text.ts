// Small rules for text built from pieces.

/**
 * A value that ends a sentence itself ("Lokaal Media B.V.") before a template's full stop
 * ("{company}.") gives one full stop, not two. An ellipsis ("...") is left alone.
 */
export function withoutDoubleFullStop(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, '.');
}

/** Fills {name} placeholders; a value ending in "." swallows the template's full stop right after it. */
export function fillPlaceholders(template: string, values: Record<string, string>, escape: (value: string) => string = (v) => v): string {
  return template.replace(/\{([a-z_]+)\}(\.?)/g, (match, key: string, stop: string) => {
    if (!(key in values)) return match;
    const value = values[key]!;
    return escape(value) + (stop && value.endsWith('.') ? '' : stop);
  });
}
