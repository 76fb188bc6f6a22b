// Unsubscribe tokens do not stay valid forever (issue 31 item 7): when the member turns mail back
// on, the token in every mail sent before stops working and new mails carry a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { notificationState } from '~/.server/notifications/state';
import { enableNotificationMail, oneClickUnsubscribe } from '~/.server/notifications/unsubscribe';
import { loadTenants } from '~/.server/tenants/registry';
import { buyer } from '../support/checkout';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;

describe.each(databaseKinds)('unsubscribe tokens on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('rotates the token when the member turns mail back on: an old link no longer turns it off', async () => {
    const member = await buyer(db(), flirt, 'Rotor');
    const old = (await notificationState(db(), member)).unsubscribe_token;
    expect(await oneClickUnsubscribe(db(), flirt, old)).toBe(true);
    const off = await db().selectFrom('users').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(off.notifications_disabled).toContain('listunsubscribe');
    expect(await enableNotificationMail(db(), off)).toEqual([]);
    const fresh = (await notificationState(db(), member)).unsubscribe_token;
    expect(fresh).not.toBe(old);
    expect(await oneClickUnsubscribe(db(), flirt, old)).toBe(false);
    expect((await db().selectFrom('users').select('notifications_disabled').where('id', '=', member.id).executeTakeFirstOrThrow()).notifications_disabled).toEqual([]);
    expect(await oneClickUnsubscribe(db(), flirt, fresh)).toBe(true);
  });
});
