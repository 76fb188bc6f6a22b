// POST /api/mail-feedback.php (docs/api.md): the mail provider's bounces and spam complaints, with
// `Authorization: Bearer <MAIL_FEEDBACK_SECRET>`. Body: a JSON event (application/json) or the raw
// DSN (RFC 3464) or ARF (RFC 5965) report (message/rfc822, multipart/report or text/plain). A hard
// bounce disables notification mail with `bounce`, a complaint with `fbl` (notifications/feedback.ts).
// No secret or no secret configured: 401; a wrong one: 403; anything unreadable: 400.
import crypto from 'node:crypto';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { isTooLarge } from '~/.server/contract/request-input';
import { applyMailFeedback, feedbackFromJson, feedbackFromReport, type FeedbackEvent } from '~/.server/notifications/feedback';

const sameSecret = (given: string, expected: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), crypto.createHash('sha256').update(expected).digest());

const route = apiRoute({
  POST: endpoint({
    rawBody: true,
    async handle({ request, context }) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      if (!bearer || !context.mailFeedbackSecret) return apiError(401, 'unauthorized', context.locale, 'mailFeedback.error.unauthorized', {}, { 'WWW-Authenticate': 'Bearer' });
      if (!sameSecret(bearer, context.mailFeedbackSecret)) return apiError(403, 'forbidden', context.locale, 'mailFeedback.error.forbidden');
      let text: string;
      try {
        text = await request.text();
      } catch (error) {
        if (isTooLarge(error)) return apiError(413, 'too_large', context.locale, 'api.error.tooLarge');
        throw error;
      }
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      let events: FeedbackEvent[] | null = null;
      if (type === 'application/json') {
        try {
          events = feedbackFromJson(JSON.parse(text));
        } catch {
          events = null;
        }
      } else if (['message/rfc822', 'multipart/report', 'text/plain', ''].includes(type)) {
        events = text.length > 0 ? await feedbackFromReport(text) : null;
      }
      if (!events) return apiError(400, 'invalid_feedback', context.locale, 'mailFeedback.error.invalid');
      return apiJson(await applyMailFeedback(context.db, context.tenant, events));
    },
  }),
});

export default route;
