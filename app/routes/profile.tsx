// /profile — My profile: edit every profile field, manage photos (upload, main photo, delete).
import { regionLabel } from '~/shared/region-labels';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, redirect, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from '@remix-run/react';
import { keepPageAfterFailure, keepPageOnFailure } from '~/components/forms/action-failure';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Button } from '~/components/app/buttons';
import { Alert, CheckField, CheckList, Field, FormNote, SelectField, TextAreaField } from '~/components/forms/fields';
import { SettingsFields, SettingsForm, SettingsSection } from '~/components/forms/settings-form';
import { fieldLabels, noteLabels, valueLabels } from '~/components/members/profile-labels';
import { Prose } from '~/components/pages/prose';
import { OwnPhotos, PhotoRejections } from '~/components/members/own-photos';
import { dismissPhotoRejections, ownPhotos } from '~/.server/trust/photo-review';
import { uploadScreening } from '~/.server/trust/photo-screening';
import { regionsByCountry } from '~/.server/geo/regions';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { OwnProfileSchema, updateOwnProfile } from '~/.server/members/own-profile';
import { ACCEPTED_TYPES, deletePhoto, PHOTO_MESSAGES, photoRoom, setMainPhoto, uploadPhoto } from '~/.server/members/photos';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES } from '~/shared/catalogue';

/** The limit, and at it the upload's refusal instead of the upload form (issue 34 item 9). */
function photoUpload(user: { paid_user: boolean }, count: number) {
  const { limit, refusal } = photoRoom(user, count);
  return { photoLimit: limit, uploadRefused: refusal };
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { db, tenant, user } = context;
  if (!user?.profile_id) throw redirect('/login');
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', user.profile_id).executeTakeFirstOrThrow();
  const { photos, rejections } = await ownPhotos(db, tenant, user);
  return {
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      region: profile.region ?? '',
      gender: profile.gender,
      sexuality: profile.sexuality,
      birth_date: profile.birth_date,
      city: profile.city ?? '',
      hair_colour: profile.hair_colour ?? '',
      eye_colour: profile.eye_colour ?? '',
      body_type: profile.body_type ?? '',
      relationship_status: profile.relationship_status ?? '',
      tattoos: profile.tattoos === null ? '' : profile.tattoos ? 'yes' : 'no',
      interests: profile.interests,
      about: profile.about ?? '',
      looking_for: profile.looking_for ?? '',
      main_photo_id: profile.main_photo_id,
    },
    photos,
    rejections,
    ...photoUpload(user, photos.length),
    regions: regionsByCountry(profile.country)[profile.country] ?? [],
    interests: tenant.settings.interests,
    accept: ACCEPTED_TYPES,
  };
}

const ProfileFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upload'), file: z.instanceof(File).optional() }),
  z.object({ intent: z.enum(['main', 'delete']), photo: idSchema }),
  z.object({ intent: z.literal('dismiss') }),
  OwnProfileSchema.extend({ intent: z.literal('profile') }),
]);

type ProfileActionData = { form: string; ok: boolean; message: string | null; fields: Record<string, string> };

export const action = formAction({
  body: ProfileFormSchema,
  failure: ({ message, fields, raw }): ProfileActionData => ({ form: raw.intent === 'profile' ? 'profile' : 'photos', ok: false, message, fields }),
  async handle({ context, body }): Promise<ProfileActionData | ReturnType<typeof data<ProfileActionData>>> {
    const { db, tenant, user, locale, media } = context;
    if (!user?.profile_id) throw redirect('/login');
    if (body.intent === 'profile') {
      const result = await updateOwnProfile(db, tenant, user, body);
      if (!result.ok) {
        const fields = Object.fromEntries(Object.entries(result.fields).map(([k, error]) => [k, serverMessage(locale, error.id, error.values)]));
        // A refused value is a bad request, as for every form (docs/api.md "Status codes").
        return data<ProfileActionData>({ form: 'profile', ok: false, message: serverMessage(locale, 'signup.error.check'), fields }, { status: 400 });
      }
      return { form: 'profile', ok: true, message: serverMessage(locale, 'settings.saved'), fields: {} };
    }
    if (body.intent === 'dismiss') {
      await dismissPhotoRejections(db, tenant, user);
      return { form: 'photos', ok: true, message: null, fields: {} };
    }
    const result =
      body.intent === 'upload'
        ? body.file && body.file.size > 0
          ? await uploadPhoto(db, user, new Uint8Array(await body.file.arrayBuffer()), media, tenant.settings.photo_moderation, uploadScreening(tenant, context.jobs))
          : ({ ok: false, error: 'not_image' } as const)
        : body.intent === 'main'
          ? await setMainPhoto(db, user, body.photo)
          : await deletePhoto(db, user, body.photo, media);
    return { form: 'photos', ok: result.ok, message: result.ok ? null : serverMessage(locale, PHOTO_MESSAGES[result.error]), fields: {} };
  },
});

// A save the server cannot answer keeps the page and what was typed (issue 26; action-failure.tsx).
export const clientAction = (args: ClientActionFunctionArgs) =>
  keepPageOnFailure<typeof action, ProfileActionData>(args, (sent) => ({ form: sent.get('intent') === 'profile' ? 'profile' : 'photos', ok: false, message: null, fields: {} }));
export const shouldRevalidate = keepPageAfterFailure;

const pageTexts = defineMessages({
  title: { id: 'nav.myProfile', defaultMessage: 'My profile' },
  description: { id: 'meta.myProfile.description', defaultMessage: 'Your profile on {site}: your photos, where you live, your looks, interests and what you are looking for.' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

export default function MyProfile() {
  const { profile, photos, rejections, photoLimit, uploadRefused, regions, interests, accept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const intl = useIntl();
  const options = (field: string, values: readonly string[]) => [
    <option key="" value="">
      –
    </option>,
    ...values.map((value) => (
      <option key={value} value={value}>
        {valueLabels[`${field}.${value}`] ? intl.formatMessage(valueLabels[`${field}.${value}`]!) : value}
      </option>
    )),
  ];
  return (
    <Prose>
      <h1>
        <FormattedMessage id="nav.myProfile" defaultMessage="My profile" />
      </h1>
      <p>
        <Link to={`/members/${profile.id}`}>
          <FormattedMessage id="myProfile.view" defaultMessage="See my profile as others see it" />
        </Link>
      </p>
      <SettingsSection
        id="photos-heading"
        ruled={false}
        title={<FormattedMessage id="myProfile.photos" defaultMessage="Photos ({count} of {limit})" values={{ count: photos.length, limit: photoLimit }} />}
      >
        <FormNote result={result} form="photos" />
        <PhotoRejections rejections={rejections} />
        <OwnPhotos photos={photos} mainId={profile.main_photo_id} />
        {uploadRefused === 'premium_only' ? (
          <Alert $tone="info" data-testid="photo-limit">
            <FormattedMessage id="photos.error.premiumOnly" defaultMessage="This feature is only available for premium members" />{' '}
            <Link to="/credits">
              <FormattedMessage id="nav.getPremium" defaultMessage="Get Premium" />
            </Link>
          </Alert>
        ) : uploadRefused === 'photo_limit' ? (
          <Alert $tone="info" data-testid="photo-limit">
            <FormattedMessage id="photos.error.limit" defaultMessage="Your profile already has as many photos as it can have. Delete a photo to add another." />
          </Alert>
        ) : (
          <SettingsFields method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="upload" />
            <Field id="file" type="file" accept={accept} label={intl.formatMessage({ id: 'myProfile.upload', defaultMessage: 'Add a photo' })} />
            <Button type="submit" $variant="ghost" disabled={navigation.state === 'submitting'}>
              <FormattedMessage id="myProfile.uploadSubmit" defaultMessage="Upload" />
            </Button>
          </SettingsFields>
        )}
      </SettingsSection>
      <SettingsSection id="about-me-heading" title={<FormattedMessage id="myProfile.about" defaultMessage="About me" />}>
        <SettingsForm intent="profile" result={result} submit={<FormattedMessage id="settings.save" defaultMessage="Save" />}>
          <p data-testid="fixed-fields">
            <FormattedMessage
              id="myProfile.fixedFields"
              defaultMessage="Gender, country and date of birth are set at signup ({gender}, {country}, {birthDate}). If one of them is wrong, customer service corrects it."
              values={{
                gender: intl.formatMessage(valueLabels[`gender.${profile.gender}`] ?? { id: `signup.gender.${profile.gender}` }),
                country: new Intl.DisplayNames([intl.locale], { type: 'region' }).of(profile.country) ?? profile.country,
                birthDate: intl.formatDate(`${profile.birth_date}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
              }}
            />
          </p>
          <Field id="name" defaultValue={profile.name} label={intl.formatMessage({ id: 'signup.field.name', defaultMessage: 'Username' })} error={result?.fields.name} />
          {regions.length > 0 ? (
            <SelectField id="region" defaultValue={profile.region} label={intl.formatMessage(regionLabel(profile.country) ?? fieldLabels.region!)} error={result?.fields.region}>
              <option value="">–</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <SelectField id="sexuality" defaultValue={profile.sexuality} label={intl.formatMessage(fieldLabels.sexuality!)} error={result?.fields.sexuality}>
            {SEXUALITIES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(valueLabels[`sexuality.${value}`]!)}
              </option>
            ))}
          </SelectField>
          <Field id="city" defaultValue={profile.city} label={intl.formatMessage(fieldLabels.city!)} maxLength={80} error={result?.fields.city} />
          <SelectField id="hair_colour" defaultValue={profile.hair_colour} label={intl.formatMessage(fieldLabels.hair_colour!)} error={result?.fields.hair_colour}>
            {options('hair_colour', HAIR_COLOURS)}
          </SelectField>
          <SelectField id="eye_colour" defaultValue={profile.eye_colour} label={intl.formatMessage(fieldLabels.eye_colour!)} error={result?.fields.eye_colour}>
            {options('eye_colour', EYE_COLOURS)}
          </SelectField>
          <SelectField id="body_type" defaultValue={profile.body_type} label={intl.formatMessage(fieldLabels.body_type!)} error={result?.fields.body_type}>
            {options('body_type', BODY_TYPES)}
          </SelectField>
          <SelectField id="relationship_status" defaultValue={profile.relationship_status} label={intl.formatMessage(fieldLabels.relationship_status!)} error={result?.fields.relationship_status}>
            {options('relationship_status', RELATIONSHIP_STATUSES)}
          </SelectField>
          <SelectField id="tattoos" defaultValue={profile.tattoos} label={intl.formatMessage(fieldLabels.tattoos!)} error={result?.fields.tattoos}>
            <option value="">–</option>
            <option value="yes">{intl.formatMessage(valueLabels['tattoos.true']!)}</option>
            <option value="no">{intl.formatMessage(valueLabels['tattoos.false']!)}</option>
          </SelectField>
          <TextAreaField id="about" defaultValue={profile.about} label={intl.formatMessage(noteLabels.about!)} maxLength={2000} error={result?.fields.about} />
          <TextAreaField id="looking_for" defaultValue={profile.looking_for} label={intl.formatMessage(noteLabels.looking_for!)} maxLength={1000} error={result?.fields.looking_for} />
          <CheckList $columns>
            <legend>{intl.formatMessage(fieldLabels.interests!)}</legend>
            {interests.map((interest) => (
              <CheckField key={interest} name="interests" value={interest} defaultChecked={profile.interests.includes(interest)} label={intl.formatMessage({ id: `interest.${interest}` })} />
            ))}
          </CheckList>
        </SettingsForm>
      </SettingsSection>
    </Prose>
  );
}
