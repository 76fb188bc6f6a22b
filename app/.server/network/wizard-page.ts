// The brand wizard's pages (issue 35 item 4, docs/decisions/0053-brand-wizard.md): the list of sites,
// the one sectioned form for a new or an existing site with its live preview frames (375 and 1280 px
// of the home page and a lander, rendered by the real app from the draft), the contrast checks, the
// problems next to their fields, and the diff before an existing file is replaced. Plain HTML that
// works without script; /wizard.js (wizard-script.ts) only refreshes the preview and checks as one types.
import type { Locale } from '~/shared/locales';
import { LOCALES } from '~/shared/locales';
import { NICHES } from '~/shared/catalogue';
import { IntlMessageFormat } from 'intl-messageformat';
import { messagesFor, serverMessage } from '../i18n/messages';
import { ACCENT_IMAGES } from '../landers/campaign-schema';
import { LANDERS } from '../landers/catalogue';
import type { Tenant } from '../tenants/schema';
import { consoleHeader, escape, STYLE } from './page';
import type { NetworkActor } from './staff';
import { CONTRAST_PAIRS, EXTRA_ROWS, FORM_COLOURS, type Contrast, type DiffLine, type FormValues } from './wizard';

const WIZARD_STYLE = `.crumbs{margin:0 0 12px;font-size:.9rem}.crumbs a{color:#0b5cad}
.wizard{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
@media (min-width:1100px){.wizard{grid-template-columns:minmax(0,1fr) 560px}.preview{position:sticky;top:12px;align-self:start}}
fieldset{border:0;padding:0;margin:0}legend{font-weight:700;font-size:1.05rem;margin:0 0 12px;padding:0}
.hint{color:#5a6475;font-size:.85rem;font-weight:400;margin:0}.grid{display:grid;gap:12px 16px;align-items:start;grid-template-columns:repeat(auto-fit,minmax(min(100%,220px),1fr))}
textarea{font:inherit;padding:8px 10px;border:1px solid #8a94a6;border-radius:6px;min-height:88px;resize:vertical}
textarea.json{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem;min-height:280px;width:100%}
.checks{display:flex;flex-wrap:wrap;gap:6px 14px;font-weight:400}.checks label{flex-direction:row;align-items:center;gap:6px;font-weight:400;min-height:44px}
.checks input{min-height:0;width:20px;height:20px}
.colour{display:flex;gap:8px;align-items:center}.colour input{flex:1;min-width:0}.swatch{width:44px;height:44px;border-radius:6px;border:1px solid #8a94a6;flex:none}
.contrast{list-style:none;padding:0;margin:12px 0 0;display:grid;gap:6px}.contrast li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;padding:8px 10px;border-radius:8px;background:#f4f6f9}
.sample{flex:none;width:128px;height:34px}.ratio{font-variant-numeric:tabular-nums;font-weight:700}
.pass{color:#0a6b2d;font-weight:700}.fail{color:#a4161a;font-weight:700}
.row{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(min(100%,150px),1fr));padding:10px 0;border-top:1px solid #e1e5eb}
.row:first-of-type{border-top:0}.row .wide,.grid .wide{grid-column:1/-1}
.field-error{color:#a4161a;font-weight:600;font-size:.85rem;margin:4px 0 0}.field-error:empty{display:none}.field-error span{display:block}
.summary{border:2px solid #a4161a;background:#fff5f5}.saved{border:2px solid #0a6b2d;background:#f1faf4}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center}.secondary{background:#fff;color:#0b5cad;border:2px solid #0b5cad}
.frames{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin:0 0 16px}.frames:last-child{margin:0}
.frame{position:relative;overflow:hidden;border:1px solid #8a94a6;border-radius:10px;background:#fff;flex:none}
.frame iframe{border:0;transform-origin:0 0;position:absolute;top:0;left:0;pointer-events:none}
.desktop{width:307px;height:192px}.desktop iframe{width:1280px;height:800px;transform:scale(.24)}
@media (min-width:560px){.desktop{width:461px;height:288px}.desktop iframe{transform:scale(.36)}}
.phone{width:188px;height:333px}.phone iframe{width:375px;height:667px;transform:scale(.5)}
@media (min-width:1100px){.desktop{width:526px;height:329px}.desktop iframe{transform:scale(.411)}.phone{width:188px;height:333px}}
.frame-label{font-size:.75rem;color:#5a6475;margin:4px 0 0}.status{font-size:.85rem;color:#5a6475;min-height:1.2em}
.sites{list-style:none;padding:0;margin:0}.sites li{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:12px 0;border-top:1px solid #e1e5eb}
.sites li:first-child{border-top:0}.sites strong{font-size:1rem}.templates{display:flex;flex-wrap:wrap;gap:8px}
.diff{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem;overflow-x:auto;border:1px solid #d5dbe5;border-radius:8px}
.diff table{font-size:.8rem}.diff td{text-align:left;padding:1px 8px;border:0;white-space:pre}.diff td.n{color:#5a6475;text-align:right;user-select:none;width:1%}
.diff tr.add{background:#e6f6ea}.diff tr.del{background:#fdecec}.diff tr.gap td{color:#5a6475;background:#f4f6f9;font-style:italic}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

type T = (id: string, values?: Record<string, string | number>) => string;

/** A message in the locale, its ICU plurals too (serverMessage fills plain placeholders only). */
export function wizardMessage(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const template = messagesFor(locale)[id] ?? messagesFor('en')[id];
  if (!template?.includes(', plural,')) return serverMessage(locale, id, values);
  return String(new IntlMessageFormat(template, locale).format(values));
}
const translator = (locale: Locale): T => (id, values) => escape(wizardMessage(locale, id, values));

function layout(locale: Locale, title: string, body: string, actor: NetworkActor, nonce: string | null): string {
  const script = nonce ? `<script src="/wizard.js" nonce="${escape(nonce)}" defer></script>` : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escape(title)}</title><style>${STYLE}
${WIZARD_STYLE}</style>${script}</head>
<body>${consoleHeader(locale, actor)}<main>${body}</main></body></html>`;
}

/** The list of sites: edit one, or start a new brand from a demo site's file or an empty one. */
export function sitesPage(locale: Locale, data: { actor: NetworkActor; tenants: Tenant[]; canEdit: boolean; notice: string | null }): string {
  const t = translator(locale);
  const notice = data.notice ? `<section class="saved" role="status"><p>${escape(data.notice)}</p></section>` : '';
  const sites = data.tenants
    .map(
      (tenant) =>
        `<li data-site="${escape(tenant.id)}"><span><strong>${escape(tenant.settings.name)}</strong><br><span class="muted">${tenant.domains.map(escape).join(' · ')}</span></span>${
          data.canEdit ? `<a class="button secondary" href="/tenants/${escape(tenant.id)}/edit">${t('network.wizard.edit', { name: tenant.settings.name })}</a>` : ''
        }</li>`,
    )
    .join('');
  const start = data.canEdit
    ? `<section><h2>${t('network.wizard.newTitle')}</h2><p class="hint">${t('network.wizard.startHint')}</p><div class="templates"><a class="button" href="/tenants/new">${t('network.wizard.startEmpty')}</a>${data.tenants
        .map((tenant) => `<a class="button secondary" href="/tenants/new?from=${escape(tenant.id)}">${t('network.wizard.startFrom', { name: tenant.settings.name })}</a>`)
        .join('')}</div></section>`
    : `<section><p class="hint">${t('network.wizard.adminsOnly')}</p></section>`;
  return layout(locale, serverMessage(locale, 'network.wizard.sitesTitle'), `${notice}<section><h2>${t('network.wizard.sitesTitle')}</h2><ul class="sites">${sites}</ul></section>${start}`, data.actor, null);
}

export interface WizardView {
  actor: NetworkActor;
  nonce: string;
  /** The site being edited, or null for a new brand. */
  editing: { id: string; name: string; hash: string } | null;
  values: FormValues;
  /** The whole file the form is merged into, as JSON text. */
  fileText: string;
  problems: Record<string, string[]>;
  contrast: Contrast[];
  draft: string;
  lander: string;
  /** The diff before an existing file is replaced (edit, after "Review changes"). */
  diff: DiffLine[] | null;
}

const LANGUAGE_NAMES = (locale: Locale) => new Intl.DisplayNames([locale], { type: 'language' });

/** Problem lines of one anchor, in its error slot (the script fills the same slots). */
function slot(view: WizardView, anchor: string): string {
  const lines = view.problems[anchor] ?? [];
  return `<div class="field-error" id="error-${anchor}" data-error-for="${anchor}" role="status">${lines.map((line) => `<span>${escape(line)}</span>`).join('')}</div>`;
}

function input(view: WizardView, t: T, anchor: string, label: string, value: string, extra = '', hint = ''): string {
  const invalid = view.problems[anchor] ? ' aria-invalid="true"' : '';
  const described = `error-${anchor}${hint ? ` hint-${anchor}` : ''}`;
  const hintHtml = hint ? `<span class="hint" id="hint-${anchor}">${hint}</span>` : '';
  return `<div><label>${label}${hintHtml}<input name="${anchor}" id="field-${anchor}" value="${escape(value)}" aria-describedby="${described}"${invalid}${extra}></label>${slot(view, anchor)}</div>`;
}

export function frameUrls(draft: string, lander: string): { home: string; lander: string } {
  // No draft (one that would take another site's id is not stored): the frames stay empty.
  if (!draft) return { home: 'about:blank', lander: 'about:blank' };
  return { home: `/preview/${draft}/`, lander: `/preview/${draft}/landers/${lander}` };
}

export function wizardPage(locale: Locale, view: WizardView): string {
  const t = translator(locale);
  const { values } = view;
  const languages = LANGUAGE_NAMES(locale);
  const action = view.editing ? `/tenants/${escape(view.editing.id)}/edit` : '/tenants/new';
  const title = view.editing ? serverMessage(locale, 'network.wizard.editTitle', { name: view.editing.name }) : serverMessage(locale, 'network.wizard.newTitle');
  const count = Object.values(view.problems).reduce((sum, lines) => sum + lines.length, 0);
  const summary = count
    ? `<section class="summary" role="alert" id="summary"><h2>${t('network.wizard.problems', { count })}</h2><ul>${Object.entries(view.problems)
        .flatMap(([anchor, lines]) => lines.map((line) => `<li><a href="#error-${anchor}">${escape(line)}</a></li>`))
        .join('')}</ul></section>`
    : '';

  const nicheHint = Object.entries(NICHES)
    .map(([n, niche]) => `${n} ${serverMessage(locale, `network.niche.${niche.key}`)}`)
    .join(' · ');
  const brand = `<section><fieldset><legend>${t('network.wizard.section.brand')}</legend><div class="grid">
${input(view, t, 'id', t('network.wizard.field.id'), values.id, view.editing ? ' readonly' : ' autocomplete="off" spellcheck="false"', t('network.wizard.hint.id'))}
${input(view, t, 'name', t('network.wizard.field.name'), values.name, ' autocomplete="off"')}
<div class="wide"><label>${t('network.wizard.field.domains')}<span class="hint" id="hint-domains">${t('network.wizard.hint.domains')}</span><textarea name="domains" id="field-domains" rows="3" spellcheck="false" aria-describedby="error-domains hint-domains"${view.problems.domains ? ' aria-invalid="true"' : ''}>${escape(values.domains)}</textarea></label>${slot(view, 'domains')}</div>
</div></fieldset></section>`;

  const signups = ['all', 'with_trafficsource', 'others', 'none']
    .map((value) => `<option value="${value}"${values.signups === value ? ' selected' : ''}>${t(`network.wizard.signups.${value}`)}</option>`)
    .join('');
  const locales = LOCALES.map(
    (code) => `<label><input type="checkbox" name="locales" value="${code}"${values.locales.includes(code) ? ' checked' : ''}>${escape(languages.of(code) ?? code)}</label>`,
  ).join('');
  const audience = `<section><fieldset><legend>${t('network.wizard.section.audience')}</legend><div class="grid">
${input(view, t, 'niche', t('network.wizard.field.niche'), values.niche, ' inputmode="numeric" autocomplete="off"', escape(nicheHint))}
${input(view, t, 'countries', t('network.wizard.field.countries'), values.countries, ' autocomplete="off" spellcheck="false"', t('network.wizard.hint.countries'))}
${input(view, t, 'domain_language', t('network.wizard.field.domainLanguage'), values.domain_language, ' autocomplete="off" spellcheck="false"', t('network.wizard.hint.domainLanguage'))}
<div><label>${t('network.wizard.field.signups')}<select name="signups" id="field-signups" aria-describedby="error-signups">${signups}</select></label>${slot(view, 'signups')}</div>
</div><fieldset><legend class="hint">${t('network.wizard.field.locales')}</legend><div class="checks" id="field-locales">${locales}</div>${slot(view, 'locales')}</fieldset></fieldset></section>`;

  const colours = FORM_COLOURS.map(
    (name) =>
      `<div><label for="field-color_${name}">${t(`network.wizard.colour.${name}`)}</label><div class="colour"><span class="swatch" data-swatch="${name}" style="background:${escape(values.colours[name])}"></span><input name="color_${name}" id="field-color_${name}" value="${escape(values.colours[name])}" autocomplete="off" spellcheck="false" aria-describedby="error-color_${name}"></div>${slot(view, `color_${name}`)}</div>`,
  ).join('');
  const contrast = view.contrast
    .map((check) => {
      const pair = CONTRAST_PAIRS.find((p) => p.id === check.id)!;
      const ratio = check.ratio === null ? '–' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(check.ratio)}:1`;
      return `<li data-contrast="${check.id}"><svg class="sample" viewBox="0 0 128 34" width="128" height="34" aria-hidden="true"><rect width="128" height="34" rx="6" fill="${escape(check.bg || '#ffffff')}" stroke="#d5dbe5"/><text x="64" y="22" text-anchor="middle" font-size="14" font-weight="700" fill="${escape(check.fg || '#000000')}">${t(`network.wizard.contrast.${check.id}`)}</text></svg><span>${t(`network.wizard.colour.${pair.fg}`)} / ${t(`network.wizard.colour.${pair.bg}`)}</span><span class="ratio">${ratio}</span><span class="${check.pass ? 'pass' : 'fail'}" data-pass="${t('network.wizard.contrast.pass')}" data-fail="${t('network.wizard.contrast.fail')}">${check.pass ? t('network.wizard.contrast.pass') : t('network.wizard.contrast.fail')}</span></li>`;
    })
    .join('');
  const look = `<section><fieldset><legend>${t('network.wizard.section.look')}</legend><div class="grid">${colours}</div>
<h3 class="hint">${t('network.wizard.contrast.title')}</h3><ul class="contrast" aria-live="polite">${contrast}</ul>
<div class="grid" style="margin-top:12px">${input(view, t, 'logo_text', t('network.wizard.field.logoText'), values.logo_text, ' autocomplete="off"', t('network.wizard.hint.logo'))}
${input(view, t, 'logo_tagline', t('network.wizard.field.tagline', { language: languages.of(values.language) ?? values.language }), values.logo_tagline, ' autocomplete="off"')}</div></fieldset></section>`;

  const bundleRows = [...values.bundles, ...Array.from({ length: EXTRA_ROWS }, () => ({ id: '', credits: '', prices: '' }))]
    .map(
      (bundle, i) => `<div class="row" data-row="bundle-${i}"><label>${t('network.wizard.field.bundleId', { n: i + 1 })}<input name="bundle_id" value="${escape(bundle.id)}" autocomplete="off" spellcheck="false" aria-describedby="error-bundle-${i}"></label>
<label>${t('network.wizard.field.credits')}<input name="bundle_credits" value="${escape(bundle.credits)}" inputmode="numeric" autocomplete="off" aria-describedby="error-bundle-${i}"></label>
<label class="wide">${t('network.wizard.field.prices')}<input name="bundle_prices" value="${escape(bundle.prices)}" autocomplete="off" spellcheck="false" aria-describedby="error-bundle-${i}"></label><div class="wide">${slot(view, `bundle-${i}`)}</div></div>`,
    )
    .join('');
  const bundles = `<section><fieldset><legend>${t('network.wizard.section.bundles')}</legend><p class="hint">${t('network.wizard.hint.bundles')}</p>${bundleRows}${slot(view, 'bundles')}</fieldset></section>`;

  const accents = (current: string) =>
    `<option value="">${t('network.wizard.accent.none')}</option>${ACCENT_IMAGES.map((accent) => `<option value="${accent}"${accent === current ? ' selected' : ''}>${t(`network.wizard.accent.${accent}`)}</option>`).join('')}`;
  const variantRows = [...values.variants, ...Array.from({ length: EXTRA_ROWS }, () => ({ slug: '', headline: '', subline: '', cta: '', accent: '' }))]
    .map(
      (variant, i) => `<div class="row" data-row="variant-${i}"><label>${t('network.wizard.field.variantSlug', { n: i + 1 })}<input name="variant_slug" value="${escape(variant.slug)}" autocomplete="off" spellcheck="false" aria-describedby="error-variant-${i}"></label>
<label>${t('network.wizard.field.accent')}<select name="variant_accent">${accents(variant.accent)}</select></label>
<label class="wide">${t('network.wizard.field.headline')}<input name="variant_headline" value="${escape(variant.headline)}" autocomplete="off"></label>
<label class="wide">${t('network.wizard.field.subline')}<input name="variant_subline" value="${escape(variant.subline)}" autocomplete="off"></label>
<label>${t('network.wizard.field.cta')}<input name="variant_cta" value="${escape(variant.cta)}" autocomplete="off"></label><div class="wide">${slot(view, `variant-${i}`)}</div></div>`,
    )
    .join('');
  const splitRows = [...values.splits, ...Array.from({ length: EXTRA_ROWS }, () => ({ slug: '', variants: '' }))]
    .map(
      (split, i) => `<div class="row" data-row="split-${i}"><label>${t('network.wizard.field.splitSlug', { n: i + 1 })}<input name="split_slug" value="${escape(split.slug)}" autocomplete="off" spellcheck="false" aria-describedby="error-split-${i}"></label>
<label class="wide">${t('network.wizard.field.splitVariants')}<input name="split_variants" value="${escape(split.variants)}" autocomplete="off" spellcheck="false" aria-describedby="error-split-${i}"></label><div class="wide">${slot(view, `split-${i}`)}</div></div>`,
    )
    .join('');
  const landerOptions = LANDERS.map((name) => `<option value="${name}"${name === view.lander ? ' selected' : ''}>${name}</option>`).join('');
  const landers = `<section><fieldset><legend>${t('network.wizard.section.landers')}</legend><p class="hint">${t('network.wizard.hint.landers', { language: languages.of(values.language) ?? values.language })}</p>${variantRows}
<h3 class="hint">${t('network.wizard.splits')}</h3><p class="hint">${t('network.wizard.hint.splits')}</p>${splitRows}${slot(view, 'landers')}</fieldset></section>`;

  const advanced = `<section><details${view.problems.file ? ' open' : ''}><summary><strong>${t('network.wizard.section.file')}</strong></summary><p class="hint" id="hint-file">${t('network.wizard.hint.file')}</p>
<label class="visually-hidden" for="field-file">${t('network.wizard.section.file')}</label><textarea class="json" name="file" id="field-file" spellcheck="false" aria-describedby="hint-file error-file">${escape(view.fileText)}</textarea>${slot(view, 'file')}</details></section>`;

  const save = view.editing
    ? `<button type="submit" name="intent" value="review">${t('network.wizard.review')}</button>`
    : `<button type="submit" name="intent" value="save">${t('network.wizard.save')}</button>`;
  const actions = `<section class="actions"><button type="submit" name="intent" value="preview" class="secondary">${t('network.wizard.preview')}</button>${save}</section>`;

  const urls = frameUrls(view.draft, view.lander);
  const frame = (url: string, kind: 'phone' | 'desktop', label: string) =>
    `<div><div class="frame ${kind}"><iframe src="${escape(url)}" title="${escape(label)}" sandbox="allow-same-origin" tabindex="-1" data-frame="${kind}" referrerpolicy="no-referrer"></iframe></div><p class="frame-label">${escape(label)}</p></div>`;
  const preview = `<aside class="preview" aria-labelledby="preview-title"><section><h2 id="preview-title">${t('network.wizard.previewTitle')}</h2><p class="status" id="preview-status" role="status">${t('network.wizard.previewHint')}</p>
<h3 class="hint">${t('network.wizard.home')}</h3><div class="frames" data-page="home">${frame(urls.home, 'phone', serverMessage(locale, 'network.wizard.frame', { page: serverMessage(locale, 'network.wizard.home'), width: 375 }))}${frame(urls.home, 'desktop', serverMessage(locale, 'network.wizard.frame', { page: serverMessage(locale, 'network.wizard.home'), width: 1280 }))}</div>
<label>${t('network.wizard.lander')}<select name="lander" id="field-lander">${landerOptions}</select></label>
<div class="frames" data-page="lander">${frame(urls.lander, 'phone', serverMessage(locale, 'network.wizard.frame', { page: serverMessage(locale, 'network.wizard.lander'), width: 375 }))}${frame(urls.lander, 'desktop', serverMessage(locale, 'network.wizard.frame', { page: serverMessage(locale, 'network.wizard.lander'), width: 1280 }))}</div></section></aside>`;

  const diff = view.diff && view.editing ? diffSection(locale, view.diff, view.editing.hash) : '';
  const hidden = `<input type="hidden" name="draft" value="${escape(view.draft)}">${view.editing ? `<input type="hidden" name="base_hash" value="${escape(view.editing.hash)}">` : ''}`;
  const body = `<p class="crumbs"><a href="/tenants">${t('network.wizard.sitesTitle')}</a></p><h2>${escape(title)}</h2>${summary}${diff}
<form method="post" action="${action}" novalidate id="wizard" data-wizard="${view.editing ? 'edit' : 'new'}">${hidden}<div class="wizard"><div class="fields">${brand}${audience}${look}${bundles}${landers}${advanced}${actions}</div>${preview}</div></form>`;
  return layout(locale, title, body, view.actor, view.nonce);
}

/** The file's changes, a few lines of context around each, and the button that saves exactly this. */
function diffSection(locale: Locale, lines: DiffLine[], hash: string): string {
  const t = translator(locale);
  const changed = lines.map((line) => line.kind !== 'same');
  const near = (i: number) => changed.slice(Math.max(0, i - 3), i + 4).some(Boolean);
  const rows: string[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (!near(i)) {
      skipped++;
      return;
    }
    if (skipped) rows.push(`<tr class="gap"><td class="n"></td><td class="n"></td><td>${t('network.wizard.unchanged', { count: skipped })}</td></tr>`);
    skipped = 0;
    const sign = line.kind === 'add' ? '+' : line.kind === 'del' ? '−' : ' ';
    rows.push(`<tr class="${line.kind}"><td class="n">${line.old ?? ''}</td><td class="n">${line.new ?? ''}</td><td>${sign} ${escape(line.text)}</td></tr>`);
  });
  if (skipped) rows.push(`<tr class="gap"><td class="n"></td><td class="n"></td><td>${t('network.wizard.unchanged', { count: skipped })}</td></tr>`);
  const none = !changed.some(Boolean);
  return `<section id="diff" aria-labelledby="diff-title"><h2 id="diff-title">${t('network.wizard.diffTitle')}</h2><p class="hint">${t('network.wizard.diffHint')}</p>${
    none ? `<p>${t('network.wizard.noChanges')}</p>` : `<div class="diff"><table><caption class="visually-hidden">${t('network.wizard.diffTitle')}</caption><tbody>${rows.join('')}</tbody></table></div>`
  }<p class="actions" style="margin-top:12px"><button type="submit" form="wizard" name="intent" value="save" data-hash="${escape(hash)}">${t('network.wizard.saveChanges')}</button></p></section>`;
}

/** What a preview frame shows while the draft does not pass tenant:check yet. */
export function previewProblemPage(locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(serverMessage(locale, 'network.wizard.previewTitle'))}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:600 1.1rem system-ui,sans-serif;color:#1d2430;background:#f4f6f9;text-align:center;padding:24px}</style></head><body><p>${escape(serverMessage(locale, 'network.wizard.previewInvalid'))}</p></body></html>`;
}
