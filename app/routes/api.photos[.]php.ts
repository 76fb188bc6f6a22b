// /api/photos.php (member): GET lists the member's photos; POST (multipart, field `photo`) uploads
// one; PUT { photo } makes it the main photo; DELETE { photo } removes it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';
import { deletePhoto, MAX_UPLOAD_BYTES, PHOTO_MESSAGES, setMainPhoto, uploadPhoto, type PhotoError } from '~/.server/members/photos';

const STATUS: Record<PhotoError, number> = { no_profile: 404, premium_only: 403, too_large: 413, not_image: 415, heic_unsupported: 415, too_many_pixels: 413, not_found: 404 };

export async function loader({ context }: LoaderFunctionArgs) {
  const { db, tenant, user, locale } = context;
  if (!user?.profile_id) return authenticationRequired(locale);
  const photos = await db.selectFrom('photos').select(['id', 'filename', 'thumb_filename', 'position']).where('profile_id', '=', user.profile_id).orderBy('position').execute();
  const main = await db.selectFrom('profiles').select('main_photo_id').where('id', '=', user.profile_id).executeTakeFirst();
  const prefix = tenant.settings.cdn_prefix;
  return apiJson({
    photos: photos.map((p) => ({ id: p.id, filename: prefix + p.filename, thumb_filename: prefix + p.thumb_filename, main: p.id === main?.main_photo_id })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, user, locale, mediaDir } = context;
  if (!user) return authenticationRequired(locale);
  const fail = (error: PhotoError) => apiError(STATUS[error], error, locale, PHOTO_MESSAGES[error]);
  if (request.method === 'POST') {
    // Refuse an oversize body before reading it.
    if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return fail('too_large');
    let file: FormDataEntryValue | null = null;
    try {
      file = (await request.formData()).get('photo');
    } catch {
      return fail('not_image');
    }
    if (!file || typeof file === 'string') return fail('not_image');
    const result = await uploadPhoto(db, user, new Uint8Array(await file.arrayBuffer()), mediaDir);
    if (!result.ok) return fail(result.error);
    const prefix = context.tenant.settings.cdn_prefix;
    const { id, filename, thumb_filename } = result.photo;
    return apiJson({ photo: { id, filename: prefix + filename, thumb_filename: prefix + thumb_filename } }, { status: 201 });
  }
  if (request.method === 'PUT' || request.method === 'DELETE') {
    const photo = Number((await readBody(request)).photo);
    const result = request.method === 'PUT' ? await setMainPhoto(db, user, photo) : await deletePhoto(db, user, photo, mediaDir);
    return result.ok ? apiJson({ ok: true }) : fail(result.error);
  }
  return methodNotAllowed(locale, ['GET', 'POST', 'PUT', 'DELETE']);
}
