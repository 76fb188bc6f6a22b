// /api/payment.php (member): POST { package, method, country?, discountcode? } starts a purchase and
// answers 201 { payment } with the provider's checkout_url; GET ?id= answers { payment } for one of
// the member's own payments (another member's id: 404). docs/api.md "Credits and payments".
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { apiError, apiJson, notFound } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { errorWithValues } from '~/.server/offers/offer-errors';
import { createPayment, ownPayment, PAYMENT_MESSAGES, PAYMENT_STATUS, paymentView, refreshForMember } from '~/.server/payments/payments';
import { ProviderError } from '~/.server/payments/provider';
import { checkoutContext, providerOfContext } from '~/.server/payments/request-context';
import { CreatePaymentSchema, PaymentIdSchema } from '~/.server/payments/schemas';

const route = apiRoute({
  GET: endpoint({
    member: true,
    query: PaymentIdSchema,
    async handle({ context, query, user }) {
      const payment = await ownPayment(context.db, context.tenant, user, query.id);
      if (!payment) return notFound(context.locale);
      return apiJson({ payment: paymentView(await refreshForMember(context.db, providerOfContext(context), payment, context.events)) });
    },
  }),
  POST: endpoint({
    member: true,
    body: CreatePaymentSchema,
    async handle({ request, context, body, user }) {
      if (body.country && !context.tenant.settings.countries.includes(body.country)) {
        return apiError(400, 'unknown_country', context.locale, PAYMENT_MESSAGES.unknown_country);
      }
      const country = await requestPaymentCountry(request, context, body.country);
      let ctx;
      try {
        ctx = checkoutContext(context);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.error(`[rendezvous] ${error.message}`);
        return apiError(502, 'provider_unavailable', context.locale, PAYMENT_MESSAGES.provider_unavailable);
      }
      const result = await createPayment(ctx, user, { package: body.package, method: body.method, country, discountcode: body.discountcode });
      if (!result.ok) return errorWithValues(PAYMENT_STATUS[result.error], result.error, context.locale, PAYMENT_MESSAGES[result.error], result.values);
      return apiJson({ payment: paymentView(result.payment) }, { status: 201 });
    },
  }),
});

export default route;
