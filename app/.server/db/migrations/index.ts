// Numbered migrations, listed statically so that they bundle and run the same everywhere.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
