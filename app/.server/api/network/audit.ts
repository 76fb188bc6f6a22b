// GET /api/network/audit.php[?staff=&action=&page=][&format=csv] (docs/api.md "Network console"):
// the audit log for network admins, 403 for anyone else. As JSON a page of 50; as CSV every matching
// entry (at most 10,000) to download, the export itself audited. The same query schema as /audit.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { csvDownload } from '../../marketing/csv';
import { consoleOf } from '../../network/console-context';
import { apiRefused } from '../../network/console-route';
import { audit } from '../../network/staff';
import { auditCsv, auditLog, AuditQuerySchema } from '../../network/staff-admin';

const route = apiRoute({
  GET: endpoint({
    query: AuditQuerySchema,
    async handle({ context, query: { query, csv } }) {
      const network = consoleOf(context);
      const log = await auditLog(network.db, network.actor, query, csv);
      if (!log.ok || !network.actor) return apiRefused(network.locale);
      if (!csv) return apiJson(log.value);
      await audit(network.db, network.actor.id, 'export', network.client, { report: 'audit', staff_id: query.staffId ?? null, action: query.action ?? null });
      return csvDownload(auditCsv(log.value.entries), 'network-audit.csv');
    },
  }),
});

export default route;
