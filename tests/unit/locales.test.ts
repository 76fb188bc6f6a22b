// Every locale has every message of en.json, each valid ICU with the same placeholders (docs/architecture.md §6).
import fs from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';

const load = (locale: string) => JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
const en = load('en');

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      into.add(element.value);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

describe.each(LOCALES)('locales/%s.json', (locale) => {
  const messages = load(locale);

  it('has exactly the ids of en.json', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });

  it('has valid ICU with the same placeholders as English', () => {
    for (const [id, english] of Object.entries(en)) {
      const translated = messages[id];
      expect(translated, id).toBeTypeOf('string');
      expect(translated!.trim(), id).not.toBe('');
      const expected = [...argumentsOf(parse(english))].sort();
      let actual: string[] = [];
      expect(() => (actual = [...argumentsOf(parse(translated!))].sort()), `${locale} ${id}`).not.toThrow();
      expect(actual, `${locale} ${id}`).toEqual(expected);
    }
  });

  it.runIf(locale !== 'en')('is translated, not copied from English', () => {
    // Two words in a row that match English mean an untranslated sentence; single words (Yoga) may match.
    const same = Object.keys(en).filter((id) => messages[id] === en[id] && /\p{L}+\s+\p{L}+/u.test(en[id]!));
    expect(same).toEqual([]);
  });
});

describe('messages used in the code', () => {
  it('are all in en.json with the same English text', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync('npx', ['formatjs', 'extract', 'app/**/*.{ts,tsx}', '--ignore', '**/*.test.*', '--format', 'simple'], {
      encoding: 'utf8',
    });
    const extracted = JSON.parse(out) as Record<string, string>;
    expect(Object.keys(extracted).length).toBeGreaterThan(20);
    for (const [id, text] of Object.entries(extracted)) expect(en[id], id).toBe(text);
  });
});
