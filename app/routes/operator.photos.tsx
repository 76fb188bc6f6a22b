// /operator/photos: photo moderation (docs/decisions/0029) — members' new photos of the operator's
// moderation tenants, oldest first; approve, or reject with a reason the member reads in their
// language. The domain (app/.server/trust/photo-review.ts) decides everything.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/http/form-action';
import { consoleAction, operatorTenants, requireRole } from '~/.server/operators/console';
import { approvePhoto, PhotoDecisionSchema, photoQueue, PhotoRejectSchema, rejectPhoto } from '~/.server/trust/photo-review';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { PhotoReviewCard } from '~/components/operators/photo-review-card';
import { Muted, Notice, Panel } from '~/components/operators/parts';

export async function loader({ context }: LoaderFunctionArgs) {
  const operator = requireRole(context, 'moderation');
  const photos = await photoQueue(context.db, operator, (id) => context.tenants.get(id)?.settings.cdn_prefix ?? '/');
  return { photos, tenants: operatorTenants(context, operator) };
}

const ActionSchema = z.discriminatedUnion('intent', [PhotoDecisionSchema.extend({ intent: z.literal('approve') }), PhotoRejectSchema.extend({ intent: z.literal('reject') })]);

export const action = consoleAction(
  formAction({
    body: ActionSchema,
    failure: ({ message, fields }) => ({ ok: false, text: Object.values(fields)[0] ?? message }),
    async handle({ context, body }) {
      const operator = requireRole(context, 'moderation');
      const result = body.intent === 'approve' ? await approvePhoto(context.db, operator, body) : await rejectPhoto(context.db, operator, context.media, body);
      if (!result.ok) return { ok: false, text: serverMessage(context.locale, 'photoReview.error.notFound') };
      return { ok: true, text: serverMessage(context.locale, `photoReview.done.${body.intent}`) };
    },
  }),
);

const texts = defineMessages({
  title: { id: 'photoReview.title', defaultMessage: 'Photo moderation' },
});

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, metaMessage(matches, texts.title)), { name: 'robots', content: 'noindex' }];

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export default function OperatorPhotos() {
  const { photos, tenants } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const names = Object.fromEntries(tenants.map((t) => [t.id, t.name]));
  return (
    <Page>
      <h1>
        <FormattedMessage id="photoReview.title" defaultMessage="Photo moderation" />
      </h1>
      {result ? (
        <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid="photo-review-result">
          {result.text}
        </Notice>
      ) : null}
      {photos.length ? (
        <List data-testid="photo-queue">
          {photos.map((photo) => (
            <PhotoReviewCard key={photo.id} photo={photo} tenantName={tenants.length > 1 ? (names[photo.tenantId] ?? photo.tenantId) : null} />
          ))}
        </List>
      ) : (
        <Panel data-testid="photo-queue-empty">
          <Muted>
            <FormattedMessage id="photoReview.empty" defaultMessage="No photos are waiting for review." />
          </Muted>
        </Panel>
      )}
    </Page>
  );
}
