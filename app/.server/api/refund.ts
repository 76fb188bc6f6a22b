// POST /api/refund.php { payment } (member): returns the unused credits of one purchase within the
// tenant's refund_days (docs/decisions/0013 "Refunds") → 201 { refund }.
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { ProviderError } from '~/.server/payments/provider';
import { REFUND_MESSAGES, REFUND_STATUS, refundPurchase } from '~/.server/payments/refunds';
import { providerOfContext } from '~/.server/payments/request-context';
import { RefundSchema } from '~/.server/payments/schemas';
import { refundView } from '~/.server/payments/transactions';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: RefundSchema,
    async handle({ context, body, user }) {
      let result;
      try {
        result = await refundPurchase({ db: context.db, tenant: context.tenant, provider: providerOfContext(context), events: context.events }, user, body.payment);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        result = { ok: false as const, error: 'provider_unavailable' as const };
      }
      if (!result.ok) return apiError(REFUND_STATUS[result.error], result.error, context.locale, REFUND_MESSAGES[result.error]);
      return apiJson({ refund: refundView(result.refund) }, { status: 201 });
    },
  }),
});

export default route;
