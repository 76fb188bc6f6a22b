// What the brand wizard's form shows (docs/decisions/0053), as the console's server (network/wizard.ts,
// network/wizard-view.ts) answers it and its components (components/network/wizard-form.tsx) read it.

/** The colours the form asks for (network/wizard.ts FORM_COLOURS). */
export type FormColour = 'primary' | 'primaryHover' | 'onPrimary' | 'text' | 'background';

/** The form's values for a file (the inverse of fileFromForm). */
export interface FormValues {
  id: string;
  name: string;
  domains: string;
  domain_language: string;
  niche: string;
  countries: string;
  locales: string[];
  signups: string;
  colours: Record<FormColour, string>;
  logo_text: string;
  logo_tagline: string;
  bundles: { id: string; credits: string; prices: string }[];
  variants: { slug: string; headline: string; subline: string; cta: string; accent: string }[];
  splits: { slug: string; variants: string }[];
  language: string;
}

export interface Contrast {
  id: string;
  fg: string;
  bg: string;
  ratio: number | null;
  pass: boolean;
}

export type DiffLine = { kind: 'same' | 'add' | 'del'; text: string; old: number | null; new: number | null };

/** A line of the review: a changed line or one of its context, or the count of unchanged lines between. */
export type DiffRow = DiffLine | { kind: 'gap'; count: number };

export interface WizardView {
  /** The site being edited, or null for a new brand. */
  editing: { id: string; name: string; hash: string } | null;
  values: FormValues;
  /** The whole file the form is merged into, as JSON text. */
  fileText: string;
  /** Problem lines per form anchor (wizard.ts anchorOf), in the staff member's language. */
  problems: Record<string, string[]>;
  contrast: Contrast[];
  draft: string;
  lander: string;
  preview: { home: string; lander: string };
  /** The status line under the preview's title. */
  message: string;
  /** The review before an existing file is replaced (edit, after "Review changes"); [] when nothing changes. */
  diff: DiffRow[] | null;
  /** An edited site's stored versions, newest first, each as its line reads. */
  versions: { version: number; line: string }[];
  /** The languages a site may have, named in the staff member's language; the form's text language's name. */
  languages: { code: string; name: string }[];
  languageName: string;
  nicheHint: string;
  /** The landers a frame may show, the pictures a variant may have. */
  landers: string[];
  accents: string[];
}
