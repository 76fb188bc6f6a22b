// POST /api/directdebit.php (member; docs/product.md §2 directdebit, issue 17): without `otp` the details are
// checked and a 6-digit code is sent by SMS → 202 { step: "otp", phone, expires_at }; with `otp`
// the code is tried and the direct debit made → 201 { payment }. Errors: docs/api.md "Direct debit".
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { DIRECT_DEBIT_MESSAGES, DIRECT_DEBIT_STATUS, payByDirectDebit } from '~/.server/directdebit/direct-debit';
import { directDebitContext } from '~/.server/directdebit/request-context';
import { DirectDebitSchema } from '~/.server/directdebit/schemas';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { serverMessage } from '~/.server/i18n/messages';
import { PAYMENT_MESSAGES, paymentView } from '~/.server/payments/payments';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: DirectDebitSchema,
    async handle({ request, context, body, user }) {
      const { locale } = context;
      if (body.country && !context.tenant.settings.countries.includes(body.country)) {
        return apiError(400, 'unknown_country', locale, PAYMENT_MESSAGES.unknown_country);
      }
      const ctx = directDebitContext(context);
      if (!ctx) return apiError(502, 'provider_unavailable', locale, PAYMENT_MESSAGES.provider_unavailable);
      const country = await requestPaymentCountry(request, context, body.country);
      const result = await payByDirectDebit(ctx, user, { ...body, country });
      if (!result.ok) {
        const fields = result.fields ? Object.fromEntries(Object.entries(result.fields).map(([k, id]) => [k, serverMessage(locale, id)])) : undefined;
        const message = serverMessage(locale, DIRECT_DEBIT_MESSAGES[result.error], result.values);
        return apiJson({ error: result.error, message, ...(fields ? { fields } : {}) }, { status: DIRECT_DEBIT_STATUS[result.error] });
      }
      if (result.step === 'otp') return apiJson({ step: 'otp', phone: result.phone, expires_at: result.expiresAt.toISOString() }, { status: 202 });
      return apiJson({ payment: paymentView(result.payment) }, { status: 201 });
    },
  }),
});

export default route;
