// The wizard's live preview (docs/decisions/0053): as the form changes, the form as it is goes to
// POST /api/network/drafts.php (600 ms after the last change, an earlier call still under way given
// up); its answer points the preview frames at the refreshed draft (?v=<n> so each frame reloads),
// puts the problems beside their fields and the contrast checks as the server worked them out, and
// the colour swatches follow the fields. What was typed before the app hydrated is previewed too.
// Without script the form's Preview button answers the page with the same (routes/tenants.new.tsx).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Contrast } from '~/shared/network-wizard';

/** What the form shows that the server works out: the page's first answer, then each draft's. */
export interface LiveState {
  draft: string;
  preview: { home: string; lander: string };
  /** Counts the drafts answered; 0 for the page's own frames. */
  version: number;
  problems: Record<string, string[]>;
  contrast: Contrast[];
  /** The status line under the preview's title; the problems' heading once a draft answered. */
  message: string;
  answered: boolean;
  colours: Record<string, string>;
}

interface DraftAnswer {
  token: string | null;
  preview: { home: string; lander: string } | null;
  fields: Record<string, string[]>;
  contrast: Contrast[];
  message: string;
}

const DELAY_MS = 600;
const COLOUR = /^#[0-9a-f]{6}$/i;

/** Whether a field differs from what the page came with (typed before the app hydrated). */
function edited(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
      return element.type !== 'hidden' && element.value !== element.defaultValue;
    }
    if (element instanceof HTMLSelectElement) return Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
    return false;
  });
}

/** The swatches' colours as the form's colour fields have them now (a value that is no colour keeps the last one). */
function coloursOf(form: HTMLFormElement, previous: Record<string, string>): Record<string, string> {
  const next = { ...previous };
  for (const name of Object.keys(previous)) {
    const field = form.elements.namedItem(`color_${name}`);
    const value = field instanceof HTMLInputElement ? field.value.trim() : '';
    if (COLOUR.test(value)) next[name] = value;
  }
  return next;
}

/** The live state of a wizard form, and the handler its input and change events call. */
export function useLivePreview(form: RefObject<HTMLFormElement | null>, initial: LiveState, editing: string | null): { live: LiveState; changed: () => void } {
  const [live, setLive] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const version = useRef(0);

  const refresh = useCallback(async () => {
    const element = form.current;
    if (!element) return;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(element)) if (typeof value === 'string') body.append(name, value);
    if (editing) body.set('editing', editing);
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    let answer: DraftAnswer;
    try {
      const response = await fetch('/api/network/drafts.php', { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) return;
      answer = (await response.json()) as DraftAnswer;
    } catch {
      return;
    }
    version.current += 1;
    const v = version.current;
    setLive((before) => ({
      draft: answer.token ?? '',
      preview: answer.preview ? { home: answer.preview.home, lander: answer.preview.lander } : { home: 'about:blank', lander: 'about:blank' },
      version: v,
      problems: answer.fields,
      contrast: answer.contrast,
      message: answer.message,
      answered: true,
      colours: coloursOf(element, before.colours),
    }));
  }, [form, editing]);

  const changed = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), DELAY_MS);
  }, [refresh]);

  useEffect(() => {
    // What was typed before the app hydrated (its script loads after the page) is previewed too.
    if (form.current && edited(form.current)) changed();
    return () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, [form, changed]);

  return { live, changed };
}

/** A frame's address for a draft answer: the n-th answer's ?v=n makes the frame load it again. */
export const frameSrc = (url: string, version: number): string => (version && url !== 'about:blank' ? `${url}?v=${version}` : url);
