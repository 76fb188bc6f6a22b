// /operator/photos: photo moderation (docs/decisions/0029) — members' new photos of the operator's
// moderation tenants, each with what the bundled model made of it, in order of risk (held first, then
// the unscreened oldest first, then the rest by risk: docs/decisions/0065); approve, or reject with
// a reason the member reads in their language. The domain (app/.server/trust/photo-review.ts)
// decides everything.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { consoleAction, consoleFailure, operatorTenants, requireRole } from '~/.server/operators/console';
import { approvePhoto, PhotoDecisionSchema, photoQueue, PhotoRejectSchema, rejectPhoto } from '~/.server/trust/photo-review';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';
import { Muted } from '~/components/operators/parts';
import { PhotoReviewCard } from '~/components/operators/photo-review-card';
import { ActionResult, QueueList } from '~/components/operators/queue-view';

export async function loader({ context }: LoaderFunctionArgs) {
  const operator = requireRole(context, 'moderation');
  const photos = await photoQueue(context.db, operator, (id) => context.tenants.get(id)?.settings.cdn_prefix ?? '/');
  return { photos, tenants: operatorTenants(context, operator) };
}

const ActionSchema = z.discriminatedUnion('intent', [PhotoDecisionSchema.extend({ intent: z.literal('approve') }), PhotoRejectSchema.extend({ intent: z.literal('reject') })]);

export const action = consoleAction(
  formAction({
    body: ActionSchema,
    failure: consoleFailure,
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

export const meta = consoleMeta(texts.title);

export default function OperatorPhotos() {
  const { photos, tenants } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const names = Object.fromEntries(tenants.map((t) => [t.id, t.name]));
  return (
    <ConsolePage $width={1100}>
      <h1>
        <FormattedMessage id="photoReview.title" defaultMessage="Photo moderation" />
      </h1>
      <Muted as="p" style={{ margin: '0 0 16px' }}>
        <FormattedMessage
          id="photoReview.order"
          defaultMessage="Photos held by screening come first, then photos without scores (oldest first), then the rest by risk: how close their scores come to this site's thresholds."
        />
      </Muted>
      <ActionResult result={result} testId="photo-review-result" />
      <QueueList
        count={photos.length}
        testId="photo-queue"
        emptyTestId="photo-queue-empty"
        empty={<FormattedMessage id="photoReview.empty" defaultMessage="No photos are waiting for review." />}
      >
        {photos.map((photo) => (
          <PhotoReviewCard key={photo.id} photo={photo} tenantName={tenants.length > 1 ? (names[photo.tenantId] ?? photo.tenantId) : null} />
        ))}
      </QueueList>
    </ConsolePage>
  );
}
