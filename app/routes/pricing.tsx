// /pricing: what is free, what costs credits, what a message costs per country, and premium.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { ButtonLink } from '~/components/app/buttons';
import { Prose } from '~/components/pages/prose';
import { Money } from '~/components/credits/parts';
import { creditOffer } from '~/.server/credits/offer';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import type { RouteHandle } from '~/shared/shell';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { settings } = context.tenant;
  const country = await requestPaymentCountry(request, context, new URL(request.url).searchParams.get('country'));
  return {
    offer: creditOffer(context.tenant, country),
    site: settings.name,
    member: context.user !== null,
    messageCredits: settings.message_credits,
    giftCredits: settings.gift_credits,
    photoCredits: settings.photo_credits,
    refundDays: settings.refund_days,
    minimumCosts: Object.entries(settings.minimum_message_costs).map(([country, cost]) => ({ country, ...cost })),
  };
}

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
export const handle: RouteHandle = { hydrate: 'visitors' };

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

const pageTexts = defineMessages({
  title: { id: 'pricing.title', defaultMessage: 'Pricing' },
  description: { id: 'meta.pricing.description', defaultMessage: 'What {site} costs: signing up and browsing are free; messages, gifts and photos are paid with credits from a bundle, without a subscription.' },
});

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: ${({ theme }) => theme.space(3)} 0;

  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(2)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }

  td:last-child {
    text-align: right;
    font-weight: 700;
    white-space: nowrap;
  }
`;

const Card = styled.section`
  margin: ${({ theme }) => theme.space(6)} 0;
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};

  h2 {
    margin-top: 0;
  }

  /* The primary pink on the pale pink card misses WCAG AA on some tenants: the text colour does not. */
  p a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

const credits = (count: number) => (
  <FormattedMessage id="pricing.credits" defaultMessage="{count, plural, one {# credit} other {# credits}}" values={{ count }} />
);

export default function Pricing() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return (
    <Prose>
      <h1>
        <FormattedMessage id="pricing.title" defaultMessage="Pricing" />
      </h1>
      <p>
        <FormattedMessage
          id="pricing.intro"
          defaultMessage="Signing up and browsing {site} is free. You only pay for what you use, with credits."
          values={{ site: data.site }}
        />
      </p>
      <h2>
        <FormattedMessage id="pricing.free.title" defaultMessage="Free for everyone" />
      </h2>
      <ul>
        <li>
          <FormattedMessage id="pricing.free.profile" defaultMessage="Creating a profile" />
        </li>
        <li>
          <FormattedMessage id="pricing.free.search" defaultMessage="Searching and viewing profiles" />
        </li>
        <li>
          <FormattedMessage id="pricing.free.likes" defaultMessage="Liking profiles and playing the swipe game" />
        </li>
        <li>
          <FormattedMessage id="pricing.free.receive" defaultMessage="Receiving messages" />
        </li>
      </ul>
      <h2>
        <FormattedMessage id="pricing.paid.title" defaultMessage="What costs credits" />
      </h2>
      <Table>
        <tbody>
          <tr>
            <th scope="row">
              <FormattedMessage id="pricing.paid.message" defaultMessage="Sending a message" />
            </th>
            <td>{credits(data.messageCredits)}</td>
          </tr>
          <tr>
            <th scope="row">
              <FormattedMessage id="pricing.paid.gift" defaultMessage="Sending a gift" />
            </th>
            <td>{credits(data.giftCredits)}</td>
          </tr>
          <tr>
            <th scope="row">
              <FormattedMessage id="pricing.paid.photo" defaultMessage="Sending a photo" />
            </th>
            <td>{credits(data.photoCredits)}</td>
          </tr>
        </tbody>
      </Table>
      <h2>
        <FormattedMessage id="pricing.bundles.title" defaultMessage="Credit bundles" />
      </h2>
      <p>
        <FormattedMessage
          id="pricing.bundles.country"
          defaultMessage="Prices for {country}, including VAT. A payment method may add a small fee, shown before you pay."
          values={{ country: regions.of(data.offer.country) }}
        />
      </p>
      <Table data-testid="pricing-bundles">
        <tbody>
          {data.offer.packages.map((bundle) => (
            <tr key={bundle.id}>
              <th scope="row">
                {credits(bundle.credits)}
                {bundle.best_value ? (
                  <>
                    {' · '}
                    <FormattedMessage id="credits.bestValue" defaultMessage="Best value" />
                  </>
                ) : null}
              </th>
              <td>
                <Money minor={bundle.price} currency={bundle.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h2>
        <FormattedMessage id="pricing.perMessage.title" defaultMessage="Price of a message" />
      </h2>
      <Table>
        <tbody>
          {data.minimumCosts.map((cost) => (
            <tr key={cost.country}>
              <th scope="row">{regions.of(cost.country)}</th>
              <td>
                <FormattedMessage
                  id="pricing.perMessage.from"
                  defaultMessage="from {price}"
                  values={{ price: <FormattedNumber value={cost.costs / 100} style="currency" currency={cost.currency} /> }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Card>
        <h2>
          <FormattedMessage id="pricing.premium.title" defaultMessage="Premium for good" />
        </h2>
        <p>
          <FormattedMessage
            id="pricing.premium.body"
            defaultMessage="Your first credit bundle makes you a premium member for good, even when your credits run out. Premium members see all photos and can upload up to 25 photos. There is no subscription: nothing is ever charged automatically."
          />
        </p>
        <p>
          <FormattedMessage
            id="pricing.refund"
            defaultMessage="Unused credits can be returned within {days} days of purchase."
            values={{ days: data.refundDays }}
          />{' '}
          <Link to="/pages/return-policy">
            <FormattedMessage id="footer.returnPolicy" defaultMessage="Return policy" />
          </Link>
        </p>
        {/* A member is past signing up: the way on is a bundle. */}
        {data.member ? (
          <ButtonLink to="/credits" data-testid="pricing-cta">
            <FormattedMessage id="chat.buyCredits" defaultMessage="Buy credits" />
          </ButtonLink>
        ) : (
          <ButtonLink to="/signup" data-testid="pricing-cta">
            <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
          </ButtonLink>
        )}
      </Card>
    </Prose>
  );
}
