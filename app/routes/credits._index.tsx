// /credits (docs/product.md §2 credits): the tenant's bundles in the payment country's currency, price per
// credit, best value, the methods offered there and the payment country switch (docs/product.md §3
// paymentCountry). Members only.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, redirect, useLoaderData, useSubmit } from '@remix-run/react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Button, ButtonLink } from '~/components/app/buttons';
import { CoinsIcon, CrownIcon } from '~/components/app/icons';
import { Chips, Inner, LinkRow, Page, Sub, useMethodName } from '~/components/credits/parts';
import { creditOffer } from '~/.server/credits/offer';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { trialOffer } from '~/.server/offers/trial';
import { OfferPrice, OfferStrip, TrialOffer, useRepriceOnCodeChange } from '~/components/offers/credits-offers';
import { bundleOffers, keptCode } from '~/.server/offers/bundle-offers';
import { CODE_QUERY_PARAM, TIME_BONUS_CODE } from '~/shared/offers';
import { Amount, Balance, Bundle, Grid, MethodsTitle, PerCredit, Premium, Price, Ribbon, Toolbar } from '~/components/credits/bundle-parts';
import { siteNameMeta } from '~/shared/shell';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  const url = new URL(request.url);
  const country = await requestPaymentCountry(request, context, url.searchParams.get('country'));
  const offer = creditOffer(context.tenant, country);
  return {
    offer,
    // Prices after the code the checkout will apply, in this first answer (decision 0047).
    kept: keptCode(request),
    offers: await bundleOffers(context.db, context.tenant, context.user, { offer, code: url.searchParams.get(CODE_QUERY_PARAM), kept: keptCode(request), locale: context.locale }),
    credits: context.user.credits,
    paid: context.user.paid_user,
    trial: trialOffer(context.tenant, context.user, country),
  };
}

export const meta: MetaFunction = siteNameMeta;

export default function CreditsPage() {
  const { offer, offers, kept, credits, paid, trial } = useLoaderData<typeof loader>();
  useRepriceOnCodeChange(kept);
  const discounted = (id: string) => offers.prices[id]?.discounted ?? null;
  const chooseLink = (id: string) => {
    const code = offers.prices[id]?.code;
    const params = new URLSearchParams({ ...(offer.countries.length > 1 ? { country: offer.country } : {}), ...(code && code !== TIME_BONUS_CODE ? { [CODE_QUERY_PARAM]: code } : {}) });
    return `/credits/${id}${params.size ? `?${params.toString()}` : ''}`;
  };
  const intl = useIntl();
  const submit = useSubmit();
  const methodName = useMethodName();
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const query = offer.countries.length > 1 ? `?country=${offer.country}` : '';
  return (
    <Page>
      <Inner>
        <h1>
          <FormattedMessage id="credits.title" defaultMessage="Buy credits" />
        </h1>
        <Sub>
          <FormattedMessage id="credits.intro" defaultMessage="Credits pay for messages, gifts and photos. Choose a bundle: the bigger it is, the less a credit costs." />
        </Sub>
        <Balance data-testid="credit-balance">
          <CoinsIcon />
          <FormattedMessage id="credits.balance" defaultMessage="You have {count, plural, one {# credit} other {# credits}}" values={{ count: credits }} />
        </Balance>
        {offer.countries.length > 1 ? (
          <Toolbar method="get" onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
            <label htmlFor="country">
              <FormattedMessage id="credits.country" defaultMessage="Payment country" />
            </label>
            <select id="country" name="country" defaultValue={offer.country}>
              {offer.countries.map((country) => (
                <option key={country} value={country}>
                  {regions.of(country)}
                </option>
              ))}
            </select>
            <noscript>
              <Button type="submit" $variant="ghost">
                <FormattedMessage id="credits.country.apply" defaultMessage="Show prices" />
              </Button>
            </noscript>
          </Toolbar>
        ) : null}
        <OfferStrip currency={offer.currency} codes={offers.codes} />
        {trial ? <TrialOffer trial={trial} query={query} /> : null}
        <Grid>
          {offer.packages.map((bundle) => (
            <Bundle key={bundle.id} $best={bundle.best_value} data-testid={`bundle-${bundle.id}`}>
              {bundle.best_value ? (
                <Ribbon>
                  <FormattedMessage id="credits.bestValue" defaultMessage="Best value" />
                </Ribbon>
              ) : null}
              <Amount>
                {bundle.credits}
                <small>
                  <FormattedMessage id="credits.unit" defaultMessage="{count, plural, one {credit} other {credits}}" values={{ count: bundle.credits }} />
                </small>
              </Amount>
              <Price>
                <OfferPrice price={bundle.price} discounted={discounted(bundle.id)} currency={bundle.currency} />
              </Price>
              <PerCredit data-testid={`per-credit-${bundle.id}`}>
                <FormattedMessage
                  id="credits.perCredit"
                  defaultMessage="{price} per credit"
                  // Beside a discounted total, the discounted price of a credit (the one this purchase pays).
                  values={{
                    price: (
                      <FormattedNumber
                        value={(discounted(bundle.id) ?? bundle.price) / bundle.credits / 100}
                        style="currency"
                        currency={bundle.currency}
                        maximumFractionDigits={3}
                      />
                    ),
                  }}
                />
              </PerCredit>
              <ButtonLink to={chooseLink(bundle.id)} $variant={bundle.best_value ? 'primary' : 'ghost'} aria-label={intl.formatMessage({ id: 'credits.choose.label', defaultMessage: 'Choose {count} credits' }, { count: bundle.credits })}>
                <FormattedMessage id="credits.choose" defaultMessage="Choose" />
              </ButtonLink>
            </Bundle>
          ))}
        </Grid>
        {!paid ? (
          <Premium>
            <CrownIcon />
            <p>
              <FormattedMessage
                id="credits.premiumNote"
                defaultMessage="Your first bundle makes you a premium member for good: you see every photo and can upload up to 25 of your own, even when your credits run out."
              />
            </p>
          </Premium>
        ) : null}
        <MethodsTitle>
          <FormattedMessage id="credits.methods" defaultMessage="Pay safely with" />
        </MethodsTitle>
        <Chips>
          {offer.methods.map((method) => (
            <li key={method.id}>{methodName(method.id)}</li>
          ))}
        </Chips>
        <LinkRow>
          <Link to="/transactions">
            <FormattedMessage id="transactions.title" defaultMessage="Transactions" />
          </Link>
          {paid ? (
            <Link to="/credits/repeat-order">
              <FormattedMessage id="repeatOrder.title" defaultMessage="Repeat order" />
            </Link>
          ) : null}
          <Link to="/pricing">
            <FormattedMessage id="pricing.title" defaultMessage="Pricing" />
          </Link>
          <Link to="/pages/return-policy">
            <FormattedMessage id="footer.returnPolicy" defaultMessage="Return policy" />
          </Link>
        </LinkRow>
      </Inner>
    </Page>
  );
}
