// The brand wizard's form as the console's routes and its API share it (docs/decisions/0053, 0072):
// the one schema of a posted form, its check with tenant:check's rules, and what the form shows for
// a file — its values, problems per field in the staff member's language, contrast, draft token,
// preview frames, the review diff and the site's versions. The page's action (routes/tenants.new.tsx,
// tenants.$id.edit.tsx) and POST /api/network/drafts.php (api/drafts.ts) both answer from here.
import { data } from '@remix-run/node';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';
import { NICHES } from '~/shared/catalogue';
import { LOCALES, type Locale } from '~/shared/locales';
import type { Contrast, DiffRow, WizardView } from '~/shared/network-wizard';
import { issueText, readRequestBody } from '../contract/request-input';
import { messagesFor, serverMessage } from '../i18n/messages';
import { ACCENT_IMAGES } from '../tenants/campaign-schema';
import { LANDERS } from '../landers/catalogue';
import { siteVersions } from '../tenants/store';
import type { ConsoleContext } from './console-context';
import type { NetworkActor } from './staff';
import { checkTenantFile } from './tenants';
import {
  contrasts,
  fileFromForm,
  fileSizeProblem,
  fileText,
  formValues,
  lineDiff,
  localizedProblems,
  saveDraft,
  textHash,
  type DiffLine,
  type FileObject,
} from './wizard';

/** A posted wizard form: its fields as typed, a repeated one (bundle rows, languages) as a list. */
export const WizardFormSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type WizardForm = z.infer<typeof WizardFormSchema>;

/** One field of the form ('' when absent; the first of a repeated one). */
export const formField = (form: WizardForm, name: string): string => String([form[name] ?? ''].flat()[0] ?? '');
export const landerOf = (value: string): string => ((LANDERS as readonly string[]).includes(value) ? value : 'gallery');

/** A message in the locale, its ICU plurals too (serverMessage fills plain placeholders only). */
export function wizardMessage(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const template = messagesFor(locale)[id] ?? messagesFor('en')[id];
  if (!template?.includes(', plural,')) return serverMessage(locale, id, values);
  return String(new IntlMessageFormat(template, locale).format(values));
}

/** The preview frames' pages for a draft; none without one (a draft under another site's id is not stored). */
export function frameUrls(draft: string, lander: string): { home: string; lander: string } {
  if (!draft) return { home: 'about:blank', lander: 'about:blank' };
  return { home: `/preview/${draft}/`, lander: `/preview/${draft}/landers/${lander}` };
}

/** The problems tenant:check finds in a posted form's file (a base that is no JSON is one). */
export function checkWizardForm(form: WizardForm, editing: string | null, sites: ConsoleContext['sites']): { file: FileObject; problems: string[] } {
  const { file, jsonError, tooLong } = fileFromForm(form, editing);
  const checked = checkTenantFile(file, { existing: sites.tenants(), ...(editing ? { editing } : {}) });
  const problems = [...(tooLong ? [fileSizeProblem(formField(form, 'file'))!] : jsonError ? ['(file): is not valid JSON'] : []), ...(checked.ok ? [] : checked.problems)];
  return { file, problems };
}

/** The site a form edits: its file's current text and the hash the review is made against; null when there is none. */
export function editedSite(sites: ConsoleContext['sites'], id: string): { text: string; info: { id: string; name: string; hash: string } } | null {
  const tenant = sites.tenants().find((t) => t.id === id);
  const text = tenant ? sites.text(id) : null;
  return tenant && text !== null ? { text, info: { id, name: tenant.settings.name, hash: textHash(text) } } : null;
}


export type { DiffRow, WizardView } from '~/shared/network-wizard';

/** The file's changes with three lines of context around each (the rest counted). */
export function diffRows(lines: DiffLine[]): DiffRow[] {
  const changed = lines.map((line) => line.kind !== 'same');
  const near = (i: number) => changed.slice(Math.max(0, i - 3), i + 4).some(Boolean);
  const rows: DiffRow[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (!near(i)) {
      skipped++;
      return;
    }
    if (skipped) rows.push({ kind: 'gap', count: skipped });
    skipped = 0;
    rows.push(line);
  });
  if (skipped) rows.push({ kind: 'gap', count: skipped });
  return rows;
}


export interface FormState {
  file: FileObject;
  editing: { id: string; name: string; hash: string } | null;
  problems: string[] | null;
  like?: string | null;
  diff?: boolean;
}

/** What the form shows for a file: its draft kept (or refreshed), its problems, its contrast; null when the actor may keep no draft. */
export async function wizardView(network: ConsoleContext & { actor: NetworkActor }, form: WizardForm, state: FormState): Promise<WizardView | null> {
  const { locale, db, actor, sites } = network;
  const draft = await saveDraft(db, actor, { token: formField(form, 'draft') || null, file: state.file, existing: sites.tenants().map((t) => t.id), editing: state.editing?.id ?? null });
  if (!draft.ok && draft.error !== 'taken') return null;
  const token = draft.ok ? draft.value : '';
  const values = formValues(state.file);
  const lander = landerOf(formField(form, 'lander'));
  const text = fileText(state.file, state.like ?? null);
  const problems = state.problems?.length ? localizedProblems(locale, state.file, state.problems) : {};
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const versions = state.editing ? await siteVersions(db, state.editing.id) : [];
  return {
    editing: state.editing,
    values,
    fileText: text,
    problems,
    contrast: contrasts(values.colours),
    draft: token,
    lander,
    preview: frameUrls(token, lander),
    message: wizardMessage(locale, 'network.wizard.previewHint'),
    diff: state.diff && state.like ? diffRows(lineDiff(state.like, text)) : null,
    versions: versions.map((v) => ({
      version: v.version,
      line: serverMessage(locale, 'network.wizard.versionLine', {
        version: v.version,
        when: `${when.format(new Date(v.created_at))} UTC`,
        who: v.staff_email ?? serverMessage(locale, `network.wizard.versionFrom.${v.source}`),
      }),
    })),
    languages: LOCALES.map((code) => ({ code, name: names.of(code) ?? code })),
    languageName: names.of(values.language) ?? values.language,
    nicheHint: Object.entries(NICHES)
      .map(([n, niche]) => `${n} ${serverMessage(locale, `network.niche.${niche.key}`)}`)
      .join(' · '),
    landers: [...LANDERS],
    accents: [...ACCENT_IMAGES],
  };
}

/** POST /api/network/drafts.php's answer (docs/api.md "Network console"): the draft, its frames, problems and contrast. */
export interface DraftAnswer {
  token: string | null;
  preview: { home: string; lander: string } | null;
  valid: boolean;
  problems: string[];
  fields: Record<string, string[]>;
  contrast: Contrast[];
  message: string;
}

/** The form as it is, kept as the actor's draft: null when the actor may keep none. */
export async function draftAnswer(network: ConsoleContext, form: WizardForm): Promise<DraftAnswer | null> {
  const { locale, db, actor, sites } = network;
  const edited = formField(form, 'editing') ? editedSite(sites, formField(form, 'editing')) : null;
  const { file, problems } = checkWizardForm(form, edited?.info.id ?? null, sites);
  const draft = await saveDraft(db, actor, { token: formField(form, 'draft') || null, file, existing: sites.tenants().map((t) => t.id), editing: edited?.info.id ?? null });
  if (!draft.ok && draft.error !== 'taken') return null;
  const values = formValues(file);
  // A draft under another site's id is not stored: no token, no preview; the id's problem says why.
  return {
    token: draft.ok ? draft.value : null,
    preview: draft.ok ? frameUrls(draft.value, landerOf(formField(form, 'lander'))) : null,
    valid: problems.length === 0,
    problems,
    fields: localizedProblems(locale, file, problems),
    contrast: contrasts(values.colours),
    message: wizardMessage(locale, problems.length ? 'network.wizard.previewWithProblems' : 'network.wizard.previewUpdated', { count: problems.length }),
  };
}

/** A wizard page's posted form; a body that cannot be read (too large, control characters) answers 400 or 413 with the page's error. */
export async function readWizardForm(request: Request, locale: Locale): Promise<WizardForm> {
  const read = await readRequestBody(request);
  if ('status' in read) throw data(serverMessage(locale, read.status === 413 ? 'api.error.tooLarge' : 'api.error.unsupportedType'), { status: read.status });
  if (!read.ok) {
    const issue = read.issues[0];
    throw data(issue ? `${issue.path.join('.') || '(form)'}: ${issueText(locale, issue)}` : serverMessage(locale, 'signup.error.invalid'), { status: 400 });
  }
  const parsed = WizardFormSchema.safeParse(read.value);
  if (!parsed.success) throw data(serverMessage(locale, 'signup.error.invalid'), { status: 400 });
  return parsed.data;
}
