// GET /api/credits.php?country= — the credit bundles, prices and payment methods for a payment
// country (docs/api.md "Credits and payments"). Visitors may ask too (/pricing shows the same).
import { z } from 'zod';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { creditOffer } from '~/.server/credits/offer';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { CountryQuerySchema } from '~/.server/payments/schemas';

const route = apiRoute({
  GET: endpoint({
    query: z.object({ country: CountryQuerySchema.optional() }),
    async handle({ request, context, query }) {
      if (query.country && !context.tenant.settings.countries.includes(query.country)) {
        return apiError(400, 'unknown_country', context.locale, 'payment.error.unknownCountry');
      }
      const country = await requestPaymentCountry(request, context, query.country);
      return apiJson(creditOffer(context.tenant, country));
    },
  }),
});

export default route;
