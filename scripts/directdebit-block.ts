// npm run directdebit:block -- --iban <iban> --phone <phone>   (and directdebit:unblock)
// Blocks or unblocks an IBAN-and-phone pair for direct debit on every tenant (issue 17; docs/api.md
// "Direct debit"). On PostgreSQL (DATABASE_URL) it works while the server runs: the server reads
// the block list on every request. The embedded PGlite database belongs to one process: stop the
// server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../app/.server/config';
import { openDatabase } from '../app/.server/db/database';
import { blockPair, pairFromCommandLine, unblockPair } from '../app/.server/directdebit/blocks';

const [command, ...rest] = process.argv.slice(2);
const usage = 'usage: npm run directdebit:block -- --iban NL91ABNA0417164300 --phone +31612345678 (or directdebit:unblock)';
const { values } = parseArgs({ args: rest, options: { iban: { type: 'string' }, phone: { type: 'string' } }, strict: true });
if ((command !== 'block' && command !== 'unblock') || !values.iban || !values.phone) {
  console.error(usage);
  process.exit(2);
}
const pair = pairFromCommandLine(values.iban, values.phone);
if (!pair.ok) {
  console.error(pair.error);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  const who = `${pair.iban.slice(0, 4)}…${pair.iban.slice(-4)} with ${pair.phone}`;
  if (command === 'block') {
    const added = await blockPair(database.db, pair.hash, 'operator');
    console.log(added ? `blocked ${who} for direct debit` : `${who} was already blocked`);
  } else {
    const removed = await unblockPair(database.db, pair.hash);
    console.log(removed ? `unblocked ${who}` : `${who} was not blocked`);
  }
} finally {
  await database.close();
}
