// GET /api/transactions.php (member): { transactions: [...] }, newest first; with ?id= one purchase
// { transaction: { payment, refunds, refund } } (another member's id: 404). docs/api.md.
import { z } from 'zod';
import { apiJson, notFound } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { listTransactions, transactionDetail } from '~/.server/payments/transactions';
import { idSchema } from '~/shared/request-rules';

const route = apiRoute({
  GET: endpoint({
    member: true,
    query: z.object({ id: idSchema.optional() }),
    async handle({ context, query, user }) {
      if (query.id !== undefined) {
        const detail = await transactionDetail(context.db, context.tenant, user, query.id);
        return detail ? apiJson({ transaction: detail }) : notFound(context.locale);
      }
      return apiJson({ transactions: await listTransactions(context.db, context.tenant, user) });
    },
  }),
});

export default route;
