// GET /api/discountcode.php (docs/product.md §3, §7; docs/api.md "Offers"): ?welcome=true answers the member's
// time bonus (TIMEBONUS25 with its countdown) or { discountcode: null }; ?code= answers
// { discountcode: { code, percentage, minimum?, currency?, country? } } or 'Code not found',
// 'Code already used', 'This code has expired'. Visitors may ask: they get no time bonus, and only
// learn whether a public code exists.
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { checkCode, CODE_MESSAGES, discountCodeView } from '~/.server/offers/discount-codes';
import { errorWithValues, OFFER_STATUS } from '~/.server/offers/offer-errors';
import { DiscountCodeQuerySchema } from '~/.server/offers/schemas';
import { timeBonusView } from '~/.server/offers/time-bonus';

const route = apiRoute({
  GET: endpoint({
    query: DiscountCodeQuerySchema,
    async handle({ request, context, query, user }) {
      if (query.welcome !== undefined) return apiJson({ discountcode: timeBonusView(user) });
      const checked = await checkCode(context.db, context.tenant, user, { code: query.code ?? '', locale: context.locale });
      if (!checked.ok) return errorWithValues(OFFER_STATUS[checked.error], checked.error, context.locale, CODE_MESSAGES[checked.error], checked.values);
      const country = await requestPaymentCountry(request, context, query.country);
      return apiJson({ discountcode: discountCodeView(checked.code, country) });
    },
  }),
});

export default route;
