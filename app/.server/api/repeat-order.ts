// POST /api/repeat-order.php (premium members): buys the last bundle again with the last method. With
// a stored card mandate the card is charged at once (`charged: true`, no checkout_url); otherwise the
// answer carries a checkout_url like POST /api/payment.php. A free member: 403 premium_only.
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { PAYMENT_MESSAGES, PAYMENT_STATUS, paymentView } from '~/.server/payments/payments';
import { repeatOrder } from '~/.server/payments/repeat-order';
import { ProviderError } from '~/.server/payments/provider';
import { checkoutContext } from '~/.server/payments/request-context';
import { RepeatOrderSchema } from '~/.server/payments/schemas';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: RepeatOrderSchema,
    async handle({ context, user }) {
      if (!user.paid_user) return apiError(403, 'premium_only', context.locale, PAYMENT_MESSAGES.premium_only);
      let result;
      try {
        result = await repeatOrder(checkoutContext(context), user);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return apiError(502, 'provider_unavailable', context.locale, PAYMENT_MESSAGES.provider_unavailable);
      }
      if (!result.ok) return apiError(PAYMENT_STATUS[result.error], result.error, context.locale, PAYMENT_MESSAGES[result.error]);
      return apiJson({ payment: paymentView(result.payment), charged: result.charged === true }, { status: 201 });
    },
  }),
});

export default route;
