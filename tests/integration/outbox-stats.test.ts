// What the outboxes hold (issue 45): rows due and waiting per outbox and priority with the oldest's
// wait, sends of the last minute and failures of the day, and per site the longest wait — what
// /metrics and the network console's site health show (app/.server/jobs/outbox-stats.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { oldestDueBySite, outboxDepths, outboxFlows, QUEUE_STALE_SECONDS } from '~/.server/jobs/outbox-stats';
import { databaseKinds, migratedDatabase } from '../support/databases';

const AT = new Date('2026-12-02T12:00:00Z');
const ago = (seconds: number) => new Date(AT.getTime() - seconds * 1000);

describe.each(databaseKinds)('outbox figures on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    const db = database.db;
    const mail = (tenant: string, priority: number, status: 'pending' | 'sent' | 'failed', due: Date, sentAt: Date | null = null) => ({
      tenant_id: tenant, kind: 'test', to_address: 'a@example.com', from_address: 'b@example.com', subject: 's', html: '<p>h</p>', text: 't',
      status, next_attempt_at: due, created_at: ago(3600), sent_at: sentAt, priority,
    });
    await db.insertInto('mail_outbox').values([
      mail('flirtlokaal', 0, 'pending', ago(30)),
      mail('flirtlokaal', 2, 'pending', ago(900)),
      mail('flirtlokaal', 2, 'pending', ago(60)),
      // Not due yet: not waiting.
      mail('flirtlokaal', 2, 'pending', new Date(AT.getTime() + 60_000)),
      mail('herzklopfen', 1, 'pending', ago(10)),
      mail('herzklopfen', 1, 'sent', ago(100), ago(20)),
      mail('herzklopfen', 1, 'sent', ago(100), ago(30)),
      mail('herzklopfen', 1, 'sent', ago(100), ago(3600)),
      mail('herzklopfen', 1, 'failed', ago(100)),
    ]).execute();
    await db.insertInto('postbacks').values({
      tenant_id: 'herzklopfen', event: 'lead', subject: 'x', user_id: null, payment_id: null, visit_id: null, network: 'n', amount: null, currency: null,
      order_number: null, url: 'https://example.com/p', next_attempt_at: ago(400), last_error: null, sent_at: null, created_at: ago(400),
    }).execute();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('counts due rows per outbox and priority with the oldest one’s wait', async () => {
    const depths = await outboxDepths(database.db, AT);
    const of = (outbox: string, priority: string) => depths.find((row) => row.outbox === outbox && row.priority === priority);
    expect(of('mail', 'transactional')).toEqual({ outbox: 'mail', priority: 'transactional', waiting: 1, oldestSeconds: 30 });
    expect(of('mail', 'bulk')).toEqual({ outbox: 'mail', priority: 'bulk', waiting: 2, oldestSeconds: 900 });
    expect(of('mail', 'notification')).toEqual({ outbox: 'mail', priority: 'notification', waiting: 1, oldestSeconds: 10 });
    expect(of('postbacks', 'all')).toEqual({ outbox: 'postbacks', priority: 'all', waiting: 1, oldestSeconds: 400 });
    expect(depths.filter((row) => row.outbox === 'sms')).toEqual([]);
  });

  it('counts the last minute’s sends and the day’s failures per outbox', async () => {
    const flows = await outboxFlows(database.db, AT);
    expect(flows.find((row) => row.outbox === 'mail')).toEqual({ outbox: 'mail', sentPerSecond: 2 / 60, failed24h: 1 });
    expect(flows.find((row) => row.outbox === 'postbacks')).toEqual({ outbox: 'postbacks', sentPerSecond: 0, failed24h: 0 });
  });

  it('gives each site its longest wait across its outboxes; past QUEUE_STALE_SECONDS it needs attention', async () => {
    const oldest = await oldestDueBySite(database.db, AT, ['flirtlokaal', 'herzklopfen', 'bellacurva']);
    expect(Object.fromEntries(oldest)).toEqual({ flirtlokaal: 900, herzklopfen: 400 });
    expect(oldest.get('flirtlokaal')! > QUEUE_STALE_SECONDS).toBe(true);
    expect(await oldestDueBySite(database.db, AT, [])).toEqual(new Map());
    // A row claimed and sent is no longer waiting.
    await sql`update mail_outbox set status = 'sent', sent_at = ${AT} where tenant_id = 'flirtlokaal' and priority = 2`.execute(database.db);
    expect((await oldestDueBySite(database.db, AT, ['flirtlokaal'])).get('flirtlokaal')).toBe(30);
  });
});
