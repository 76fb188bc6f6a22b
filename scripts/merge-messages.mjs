// Adds messages to locales/*.json from a file { id: { <locale>: text } }, keeping keys sorted.
// Usage: node scripts/merge-messages.mjs <file.json>
import fs from 'node:fs';
const additions = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for (const file of fs.readdirSync('locales')) {
  const locale = file.replace('.json', '');
  const path = `locales/${file}`;
  const messages = JSON.parse(fs.readFileSync(path, 'utf8'));
  for (const [id, texts] of Object.entries(additions)) {
    if (!texts[locale]) throw new Error(`${id} has no ${locale} text`);
    messages[id] = texts[locale];
  }
  const sorted = Object.fromEntries(Object.keys(messages).sort().map((k) => [k, messages[k]]));
  fs.writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
