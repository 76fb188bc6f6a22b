// POST /api/payment-webhook.php: the provider's webhook, a form `id=<provider payment id>` without
// cookie or Origin. The status is fetched from the provider and applied once (docs/decisions/0013).
// Unknown ids answer 200 too (nothing to tell a caller); a provider that cannot be reached answers
// 502 so that the provider sends the webhook again, and the reconciliation job asks later anyway.
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { handlePaymentWebhook, PAYMENT_MESSAGES } from '~/.server/payments/payments';
import { ProviderError } from '~/.server/payments/provider';
import { providerOfContext } from '~/.server/payments/request-context';
import { WebhookSchema } from '~/.server/payments/schemas';

const route = apiRoute({
  POST: endpoint({
    body: WebhookSchema,
    async handle({ context, body }) {
      try {
        await handlePaymentWebhook(context.db, context.tenant, providerOfContext(context), body.id, context.events);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.error(`[rendezvous] webhook ${body.id}: ${error.message}`);
        return apiError(502, 'provider_unavailable', context.locale, PAYMENT_MESSAGES.provider_unavailable);
      }
      return apiJson({ ok: true });
    },
  }),
});

export default route;
