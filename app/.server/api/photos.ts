// /api/photos.php (member): GET lists the member's photos; POST (multipart, field `photo`) uploads
// one; PUT { photo } makes it the main photo; DELETE { photo } removes it.
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { isTooLarge } from '~/.server/contract/request-input';
import { deletePhoto, PHOTO_MESSAGES, PhotoTargetSchema, setMainPhoto, uploadPhoto, type PhotoError } from '~/.server/members/photos';
import type { AppLoadContext } from '@remix-run/node';
import { uploadScreening } from '~/.server/trust/photo-screening';

const STATUS: Record<PhotoError, number> = { no_profile: 404, premium_only: 403, photo_limit: 403, too_large: 413, not_image: 415, heic_unsupported: 415, too_many_pixels: 413, not_found: 404, pending_review: 409 };

const fail = (context: AppLoadContext, error: PhotoError) => apiError(STATUS[error], error, context.locale, PHOTO_MESSAGES[error]);

const route = apiRoute({
  GET: endpoint({
    member: true,
    async handle({ context, user }) {
      const { db, tenant } = context;
      if (!user.profile_id) return fail(context, 'no_profile');
      const photos = await db.selectFrom('photos').select(['id', 'filename', 'thumb_filename', 'position', 'review', 'public']).where('profile_id', '=', user.profile_id).orderBy('position').execute();
      const main = await db.selectFrom('profiles').select('main_photo_id').where('id', '=', user.profile_id).executeTakeFirst();
      const prefix = tenant.settings.cdn_prefix;
      return apiJson({
        photos: photos.map((p) => ({ id: p.id, filename: prefix + p.filename, thumb_filename: prefix + p.thumb_filename, main: p.id === main?.main_photo_id, review: p.review, public: p.public })),
      });
    },
  }),
  POST: endpoint({
    member: true,
    rawBody: true,
    async handle({ request, context, user }) {
      let file: FormDataEntryValue | null = null;
      try {
        file = (await request.formData()).get('photo');
      } catch (error) {
        return fail(context, isTooLarge(error) ? 'too_large' : 'not_image');
      }
      if (!file || typeof file === 'string') return fail(context, 'not_image');
      const result = await uploadPhoto(context.db, user, new Uint8Array(await file.arrayBuffer()), context.media, context.tenant.settings.photo_moderation, uploadScreening(context.tenant, context.jobs));
      if (!result.ok) return fail(context, result.error);
      const prefix = context.tenant.settings.cdn_prefix;
      const { id, filename, thumb_filename } = result.photo;
      return apiJson({ photo: { id, filename: prefix + filename, thumb_filename: prefix + thumb_filename } }, { status: 201 });
    },
  }),
  PUT: endpoint({
    member: true,
    body: PhotoTargetSchema,
    async handle({ context, body, user }) {
      const result = await setMainPhoto(context.db, user, body.photo);
      return result.ok ? apiJson({ ok: true }) : fail(context, result.error);
    },
  }),
  DELETE: endpoint({
    member: true,
    body: PhotoTargetSchema,
    async handle({ context, body, user }) {
      const result = await deletePhoto(context.db, user, body.photo, context.media);
      return result.ok ? apiJson({ ok: true }) : fail(context, result.error);
    },
  }),
});

export default route;
