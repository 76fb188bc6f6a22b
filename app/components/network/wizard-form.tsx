// The brand wizard's one sectioned form (docs/decisions/0053): brand and domains, audience, colours
// and logo with their contrast checks, credit bundles, landers and splits, the whole file; beside it
// (under it on a phone) the live preview — the real site's home page and a lander at 375 and 1280 px,
// rendered from the draft. The problems stand beside their fields and in a list at the top. Works
// without script: Preview, Check and save, Review changes are form posts the page's action answers.
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { WizardView } from '~/shared/network-wizard';
import { ConsoleMain } from './console-shell';
import { Card } from './parts';
import { W } from './wizard-messages';
import { Button, Crumbs, WizardPage } from './wizard-parts';
import { frameSrc, useLivePreview, type LiveState } from './wizard-live';

const COLOURS = ['primary', 'primaryHover', 'onPrimary', 'text', 'background'] as const;
const COLOUR_TEXT = {
  primary: W['wizard.colour.primary'],
  primaryHover: W['wizard.colour.primaryHover'],
  onPrimary: W['wizard.colour.onPrimary'],
  text: W['wizard.colour.text'],
  background: W['wizard.colour.background'],
};
const PAIRS = {
  button: { text: W['wizard.contrast.button'], fg: 'onPrimary', bg: 'primary' },
  buttonHover: { text: W['wizard.contrast.buttonHover'], fg: 'onPrimary', bg: 'primaryHover' },
  text: { text: W['wizard.contrast.text'], fg: 'text', bg: 'background' },
  link: { text: W['wizard.contrast.link'], fg: 'primary', bg: 'background' },
} as const;
const SIGNUPS = [
  ['all', W['wizard.signups.all']],
  ['with_trafficsource', W['wizard.signups.with_trafficsource']],
  ['others', W['wizard.signups.others']],
  ['none', W['wizard.signups.none']],
] as const;
const ACCENT_TEXT: Record<string, MessageDescriptor> = {
  beach: W['wizard.accent.beach'],
  cafe: W['wizard.accent.cafe'],
  city: W['wizard.accent.city'],
  forest: W['wizard.accent.forest'],
  night: W['wizard.accent.night'],
  sunset: W['wizard.accent.sunset'],
};

/** Problem lines of one anchor, in its slot (the live preview fills the same slots). */
function ErrorSlot({ anchor, lines }: { anchor: string; lines: string[] | undefined }) {
  return (
    <div className="field-error" id={`error-${anchor}`} data-error-for={anchor} role="status">
      {(lines ?? []).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </div>
  );
}

interface InputProps {
  anchor: string;
  label: ReactNode;
  value: string;
  problems: Record<string, string[]>;
  hint?: ReactNode;
  readOnly?: boolean;
  numeric?: boolean;
  code?: boolean;
}

function Input({ anchor, label, value, problems, hint, readOnly, numeric, code }: InputProps) {
  return (
    <div>
      <label>
        {label}
        {hint ? (
          <span className="hint" id={`hint-${anchor}`}>
            {hint}
          </span>
        ) : null}
        <input
          name={anchor}
          id={`field-${anchor}`}
          defaultValue={value}
          aria-describedby={`error-${anchor}${hint ? ` hint-${anchor}` : ''}`}
          aria-invalid={problems[anchor] ? 'true' : undefined}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={code ? false : undefined}
          inputMode={numeric ? 'numeric' : undefined}
        />
      </label>
      <ErrorSlot anchor={anchor} lines={problems[anchor]} />
    </div>
  );
}

const pad = <T,>(rows: T[], empty: T): T[] => [...rows, empty];

export function WizardForm({ view }: { view: WizardView }) {
  const intl = useIntl();
  const t = (message: MessageDescriptor, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const form = useRef<HTMLFormElement>(null);
  const { values, editing } = view;
  const initial: LiveState = {
    draft: view.draft,
    preview: view.preview,
    version: 0,
    problems: view.problems,
    contrast: view.contrast,
    message: view.message,
    answered: false,
    colours: { ...values.colours },
  };
  const { live, changed } = useLivePreview(form, initial, editing?.id ?? null);
  const hasDiff = Boolean(view.diff);
  const hasProblems = Object.keys(view.problems).length > 0;
  useEffect(() => {
    // An answer to the form with its diff or its problems: shown where one reads first, as a page of its own would be.
    const first = document.getElementById(hasDiff ? 'diff' : hasProblems ? 'summary' : '');
    if (!first) return;
    first.scrollIntoView({ block: 'start' });
    first.focus({ preventScroll: true });
  }, [hasDiff, hasProblems]);
  const { problems } = live;
  const count = Object.values(problems).reduce((sum, lines) => sum + lines.length, 0);
  const action = editing ? `/tenants/${encodeURIComponent(editing.id)}/edit` : '/tenants/new';
  const number = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const language = view.languageName;
  const frame = (kind: 'phone' | 'desktop', page: 'home' | 'lander') => {
    const label = t(W['wizard.frame'], { page: t(page === 'home' ? W['wizard.home'] : W['wizard.lander']), width: kind === 'phone' ? 375 : 1280 });
    return (
      <div>
        <div className={`frame ${kind}`}>
          <iframe src={frameSrc(live.preview[page], live.version)} title={label} sandbox="allow-same-origin" tabIndex={-1} data-frame={kind} referrerPolicy="no-referrer" />
        </div>
        <p className="frame-label">{label}</p>
      </div>
    );
  };

  return (
    <WizardPage>
      <Crumbs>
        <Link to="/tenants">{t(W['wizard.sitesTitle'])}</Link>
      </Crumbs>
      <h1>{editing ? t(W['wizard.editTitle'], { name: editing.name }) : t(W['wizard.newTitle'])}</h1>
      {/* The list at the top comes with a page that answered problems; it follows the fields, and goes once there are none. */}
      {hasProblems ? (
        <Card className="summary" role="alert" id="summary" tabIndex={-1} hidden={count === 0}>
          <h2>{live.answered ? live.message : t(W['wizard.problems'], { count })}</h2>
          <ul>
            {Object.entries(problems).flatMap(([anchor, lines]) =>
              lines.map((line, i) => (
                <li key={`${anchor}-${i}`}>
                  <a href={`#error-${anchor}`}>{line}</a>
                </li>
              )),
            )}
          </ul>
        </Card>
      ) : null}
      {view.diff && editing ? (
        <Card id="diff" aria-labelledby="diff-title" tabIndex={-1}>
          <h2 id="diff-title">{t(W['wizard.diffTitle'])}</h2>
          <p className="hint">{t(W['wizard.diffHint'])}</p>
          {view.diff.some((row) => row.kind !== 'same') ? (
            <div className="diff">
              <table>
                <caption className="visually-hidden">{t(W['wizard.diffTitle'])}</caption>
                <tbody>
                  {view.diff.map((row, i) =>
                    row.kind === 'gap' ? (
                      <tr key={i} className="gap">
                        <td className="n" />
                        <td className="n" />
                        <td>{t(W['wizard.unchanged'], { count: row.count })}</td>
                      </tr>
                    ) : (
                      <tr key={i} className={row.kind}>
                        <td className="n">{row.old ?? ''}</td>
                        <td className="n">{row.new ?? ''}</td>
                        <td>{`${row.kind === 'add' ? '+' : row.kind === 'del' ? '−' : ' '} ${row.text}`}</td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t(W['wizard.noChanges'])}</p>
          )}
          <p className="actions">
            <Button type="submit" form="wizard" name="intent" value="save" data-hash={editing.hash}>
              {t(W['wizard.saveChanges'])}
            </Button>
          </p>
        </Card>
      ) : null}
      <Form method="post" action={action} noValidate id="wizard" data-wizard={editing ? 'edit' : 'new'} ref={form} onInput={changed} onChange={changed}>
        <input type="hidden" name="draft" value={live.draft} />
        {editing ? <input type="hidden" name="base_hash" value={editing.hash} /> : null}
        <div className="wizard">
          <div className="fields">
            <Card>
              <fieldset>
                <legend>{t(W['wizard.section.brand'])}</legend>
                <div className="grid">
                  <Input anchor="id" label={t(W['wizard.field.id'])} value={values.id} problems={problems} hint={t(W['wizard.hint.id'])} readOnly={Boolean(editing)} code />
                  <Input anchor="name" label={t(W['wizard.field.name'])} value={values.name} problems={problems} />
                  <div className="wide">
                    <label>
                      {t(W['wizard.field.domains'])}
                      <span className="hint" id="hint-domains">
                        {t(W['wizard.hint.domains'])}
                      </span>
                      <textarea
                        name="domains"
                        id="field-domains"
                        rows={3}
                        spellCheck={false}
                        aria-describedby="error-domains hint-domains"
                        aria-invalid={problems.domains ? 'true' : undefined}
                        defaultValue={values.domains}
                      />
                    </label>
                    <ErrorSlot anchor="domains" lines={problems.domains} />
                  </div>
                </div>
              </fieldset>
            </Card>

            <Card>
              <fieldset>
                <legend>{t(W['wizard.section.audience'])}</legend>
                <div className="grid">
                  <Input anchor="niche" label={t(W['wizard.field.niche'])} value={values.niche} problems={problems} hint={view.nicheHint} numeric />
                  <Input anchor="countries" label={t(W['wizard.field.countries'])} value={values.countries} problems={problems} hint={t(W['wizard.hint.countries'])} code />
                  <Input anchor="domain_language" label={t(W['wizard.field.domainLanguage'])} value={values.domain_language} problems={problems} hint={t(W['wizard.hint.domainLanguage'])} code />
                  <div>
                    <label>
                      {t(W['wizard.field.signups'])}
                      <select name="signups" id="field-signups" aria-describedby="error-signups" defaultValue={values.signups}>
                        {SIGNUPS.map(([value, text]) => (
                          <option key={value} value={value}>
                            {t(text)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <ErrorSlot anchor="signups" lines={problems.signups} />
                  </div>
                </div>
                <fieldset>
                  <legend className="hint">{t(W['wizard.field.locales'])}</legend>
                  <div className="checks" id="field-locales">
                    {view.languages.map((language) => (
                      <label key={language.code}>
                        <input type="checkbox" name="locales" value={language.code} defaultChecked={values.locales.includes(language.code)} />
                        {language.name}
                      </label>
                    ))}
                  </div>
                  <ErrorSlot anchor="locales" lines={problems.locales} />
                </fieldset>
              </fieldset>
            </Card>

            <Card>
              <fieldset>
                <legend>{t(W['wizard.section.look'])}</legend>
                <div className="grid">
                  {COLOURS.map((name) => (
                    <div key={name}>
                      <label htmlFor={`field-color_${name}`}>{t(COLOUR_TEXT[name])}</label>
                      <div className="colour">
                        <span className="swatch" data-swatch={name} style={{ background: live.colours[name] }} />
                        <input
                          name={`color_${name}`}
                          id={`field-color_${name}`}
                          defaultValue={values.colours[name]}
                          autoComplete="off"
                          spellCheck={false}
                          aria-describedby={`error-color_${name}`}
                          aria-invalid={problems[`color_${name}`] ? 'true' : undefined}
                        />
                      </div>
                      <ErrorSlot anchor={`color_${name}`} lines={problems[`color_${name}`]} />
                    </div>
                  ))}
                </div>
                <h3 className="hint">{t(W['wizard.contrast.title'])}</h3>
                <ul className="contrast" aria-live="polite">
                  {live.contrast.map((check) => {
                    const pair = PAIRS[check.id as keyof typeof PAIRS];
                    if (!pair) return null;
                    return (
                      <li key={check.id} data-contrast={check.id}>
                        <svg className="sample" viewBox="0 0 128 34" width="128" height="34" aria-hidden="true">
                          <rect width="128" height="34" rx="6" fill={check.bg || '#ffffff'} stroke="#d5dbe5" />
                          <text x="64" y="22" textAnchor="middle" fontSize="14" fontWeight="700" fill={check.fg || '#000000'}>
                            {t(pair.text)}
                          </text>
                        </svg>
                        <span>{`${t(COLOUR_TEXT[pair.fg])} / ${t(COLOUR_TEXT[pair.bg])}`}</span>
                        <span className="ratio">{check.ratio === null ? '–' : `${number.format(check.ratio)}:1`}</span>
                        <span className={check.pass ? 'pass' : 'fail'}>{t(check.pass ? W['wizard.contrast.pass'] : W['wizard.contrast.fail'])}</span>
                      </li>
                    );
                  })}
                </ul>
                <div className="grid" style={{ marginTop: 12 }}>
                  <Input anchor="logo_text" label={t(W['wizard.field.logoText'])} value={values.logo_text} problems={problems} hint={t(W['wizard.hint.logo'])} />
                  <Input anchor="logo_tagline" label={t(W['wizard.field.tagline'], { language })} value={values.logo_tagline} problems={problems} />
                </div>
              </fieldset>
            </Card>

            <Card>
              <fieldset>
                <legend>{t(W['wizard.section.bundles'])}</legend>
                <p className="hint">{t(W['wizard.hint.bundles'])}</p>
                {pad(values.bundles, { id: '', credits: '', prices: '' }).map((bundle, i) => (
                  <div className="row" data-row={`bundle-${i}`} key={i}>
                    <label>
                      {t(W['wizard.field.bundleId'], { n: i + 1 })}
                      <input name="bundle_id" defaultValue={bundle.id} autoComplete="off" spellCheck={false} aria-describedby={`error-bundle-${i}`} />
                    </label>
                    <label>
                      {t(W['wizard.field.credits'])}
                      <input name="bundle_credits" defaultValue={bundle.credits} inputMode="numeric" autoComplete="off" aria-describedby={`error-bundle-${i}`} />
                    </label>
                    <label className="wide">
                      {t(W['wizard.field.prices'])}
                      <input name="bundle_prices" defaultValue={bundle.prices} autoComplete="off" spellCheck={false} aria-describedby={`error-bundle-${i}`} />
                    </label>
                    <div className="wide">
                      <ErrorSlot anchor={`bundle-${i}`} lines={problems[`bundle-${i}`]} />
                    </div>
                  </div>
                ))}
                <ErrorSlot anchor="bundles" lines={problems.bundles} />
              </fieldset>
            </Card>

            <Card>
              <fieldset>
                <legend>{t(W['wizard.section.landers'])}</legend>
                <p className="hint">{t(W['wizard.hint.landers'], { language })}</p>
                {pad(values.variants, { slug: '', headline: '', subline: '', cta: '', accent: '' }).map((variant, i) => (
                  <div className="row" data-row={`variant-${i}`} key={i}>
                    <label>
                      {t(W['wizard.field.variantSlug'], { n: i + 1 })}
                      <input name="variant_slug" defaultValue={variant.slug} autoComplete="off" spellCheck={false} aria-describedby={`error-variant-${i}`} />
                    </label>
                    <label>
                      {t(W['wizard.field.accent'])}
                      <select name="variant_accent" defaultValue={variant.accent}>
                        <option value="">{t(W['wizard.accent.none'])}</option>
                        {view.accents.map((value) => (
                          <option key={value} value={value}>
                            {ACCENT_TEXT[value] ? t(ACCENT_TEXT[value]) : value}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="wide">
                      {t(W['wizard.field.headline'])}
                      <input name="variant_headline" defaultValue={variant.headline} autoComplete="off" />
                    </label>
                    <label className="wide">
                      {t(W['wizard.field.subline'])}
                      <input name="variant_subline" defaultValue={variant.subline} autoComplete="off" />
                    </label>
                    <label>
                      {t(W['wizard.field.cta'])}
                      <input name="variant_cta" defaultValue={variant.cta} autoComplete="off" />
                    </label>
                    <div className="wide">
                      <ErrorSlot anchor={`variant-${i}`} lines={problems[`variant-${i}`]} />
                    </div>
                  </div>
                ))}
                <h3 className="hint">{t(W['wizard.splits'])}</h3>
                <p className="hint">{t(W['wizard.hint.splits'])}</p>
                {pad(values.splits, { slug: '', variants: '' }).map((split, i) => (
                  <div className="row" data-row={`split-${i}`} key={i}>
                    <label>
                      {t(W['wizard.field.splitSlug'], { n: i + 1 })}
                      <input name="split_slug" defaultValue={split.slug} autoComplete="off" spellCheck={false} aria-describedby={`error-split-${i}`} />
                    </label>
                    <label className="wide">
                      {t(W['wizard.field.splitVariants'])}
                      <input name="split_variants" defaultValue={split.variants} autoComplete="off" spellCheck={false} aria-describedby={`error-split-${i}`} />
                    </label>
                    <div className="wide">
                      <ErrorSlot anchor={`split-${i}`} lines={problems[`split-${i}`]} />
                    </div>
                  </div>
                ))}
                <ErrorSlot anchor="landers" lines={problems.landers} />
              </fieldset>
            </Card>

            <Card>
              <details open={Boolean(view.problems.file)}>
                <summary>
                  <strong>{t(W['wizard.section.file'])}</strong>
                </summary>
                <p className="hint" id="hint-file">
                  {t(W['wizard.hint.file'])}
                </p>
                <label className="visually-hidden" htmlFor="field-file">
                  {t(W['wizard.section.file'])}
                </label>
                <textarea className="json" name="file" id="field-file" spellCheck={false} aria-describedby="hint-file error-file" defaultValue={view.fileText} />
                <ErrorSlot anchor="file" lines={problems.file} />
              </details>
            </Card>

            <div className="actions">
              <Button type="submit" name="intent" value="preview" $secondary>
                {t(W['wizard.preview'])}
              </Button>
              {editing ? (
                <Button type="submit" name="intent" value="review">
                  {t(W['wizard.review'])}
                </Button>
              ) : (
                <Button type="submit" name="intent" value="save">
                  {t(W['wizard.save'])}
                </Button>
              )}
            </div>
          </div>

          <Card as="aside" className="preview" aria-labelledby="preview-title">
            <h2 id="preview-title">{t(W['wizard.previewTitle'])}</h2>
            <p className="status" id="preview-status" role="status">
              {live.message}
            </p>
            <h3 className="hint">{t(W['wizard.home'])}</h3>
            <div className="frames" data-page="home">
              {frame('phone', 'home')}
              {frame('desktop', 'home')}
            </div>
            <label>
              {t(W['wizard.lander'])}
              <select name="lander" id="field-lander" defaultValue={view.lander}>
                {view.landers.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <div className="frames" data-page="lander">
              {frame('phone', 'lander')}
              {frame('desktop', 'lander')}
            </div>
          </Card>
        </div>
      </Form>
      {view.versions.length ? (
        <Card id="versions">
          <h2>{t(W['wizard.versions'])}</h2>
          <ol className="versions">
            {view.versions.map((v) => (
              <li key={v.version} data-version={v.version}>
                {v.line}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
    </WizardPage>
  );
}

/**
 * A wizard route's page (/tenants/new, /tenants/<id>/edit): the form of the loader's view, or of the
 * action's answer once there is one; the form starts afresh (its fields as the server answered them) with each.
 */
export function WizardRoute() {
  const loaded = useLoaderData<WizardView>();
  const posted = useActionData<WizardView>();
  const view = posted ?? loaded;
  const revision = useRevision(view);
  return (
    <ConsoleMain $width={1400}>
      <WizardForm key={revision} view={view} />
    </ConsoleMain>
  );
}

/** Counts the answers a page has shown. */
function useRevision(value: object): number {
  const [state, setState] = useState({ value, n: 0 });
  if (state.value !== value) {
    const next = { value, n: state.n + 1 };
    setState(next);
    return next.n;
  }
  return state.n;
}
