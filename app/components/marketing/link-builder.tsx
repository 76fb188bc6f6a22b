// The tracking-link builder: a page of the gallery and the traffic source (network, ref, sub1–3, a
// language) make a ready URL. With JavaScript the link follows every keystroke and a button copies it;
// without, the form is sent and the page shows the link to copy by hand.
import { LocaleOptions } from '../operators/locale-options';
import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '~/shared/locales';
import { TRACKING_LINK_FIELDS, trackingLink, type TrackingLinkField } from '~/shared/marketing-types';
import { FieldLabel, Notice, Panel, SmallButton } from '../operators/parts';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));

    label:first-child {
      grid-column: 1 / -1;
    }
  }
`;

const Result = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};

  div {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }

  output,
  input {
    flex: 1;
    min-width: 0;
    min-height: 40px;
    padding: 8px 10px;
    border: 1px solid #9aa3b5;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f7f8fb;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

export interface LinkBuilderProps {
  origin: string;
  pages: { path: string; label: string }[];
  locales: Locale[];
  networks: string[];
  /** What the form was sent with (no JS) or the gallery's shortcut chose. */
  initial: Partial<Record<TrackingLinkField | 'lang' | 'path', string>>;
  /** Kept in the form so that the gallery stays where it was. */
  keep: Record<string, string>;
  /** The link the server made from `initial`, when it was asked for. */
  link: string | null;
}

const LABELS = defineMessages({
  network: { id: 'marketing.builder.network', defaultMessage: 'Network' },
  ref: { id: 'marketing.builder.ref', defaultMessage: 'Ref (publisher or campaign)' },
  sub1: { id: 'marketing.builder.sub1', defaultMessage: 'Sub 1' },
  sub2: { id: 'marketing.builder.sub2', defaultMessage: 'Sub 2' },
  sub3: { id: 'marketing.builder.sub3', defaultMessage: 'Sub 3' },
});

export function LinkBuilder({ origin, pages, locales, networks, initial, keep, link }: LinkBuilderProps) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [copied, setCopied] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const path = values.path && pages.some((page) => page.path === values.path) ? values.path : pages[0]?.path ?? '/';
  const live = trackingLink(origin, path, values);
  const shown = hydrated ? live : link;
  const set = (key: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setCopied(false);
    setValues((current) => ({ ...current, [key]: value }));
  };
  async function copy() {
    try {
      await navigator.clipboard.writeText(live);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin or a refusal): the link stays selected for Ctrl+C.
      (document.getElementById('tracking-link') as HTMLInputElement | null)?.select();
    }
  }
  return (
    <Panel id="builder" aria-labelledby="builder-heading">
      <h2 id="builder-heading">
        <FormattedMessage id="marketing.builder.title" defaultMessage="Tracking link" />
      </h2>
      <Form method="get" action="/operator/marketing#builder" preventScrollReset data-testid="link-builder">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Fields>
          <FieldLabel>
            <FormattedMessage id="marketing.builder.page" defaultMessage="Page" />
            <select name="path" value={path} onChange={set('path')} data-testid="builder-path">
              {pages.map((page) => (
                <option key={page.path} value={page.path}>
                  {page.label}
                </option>
              ))}
            </select>
          </FieldLabel>
          {TRACKING_LINK_FIELDS.map((field) => (
            <FieldLabel key={field}>
              {intl.formatMessage(LABELS[field])}
              <input
                name={field}
                value={values[field] ?? ''}
                onChange={set(field)}
                maxLength={128}
                autoComplete="off"
                spellCheck={false}
                list={field === 'network' ? 'known-networks' : undefined}
                data-testid={`builder-${field}`}
              />
            </FieldLabel>
          ))}
          <FieldLabel>
            <FormattedMessage id="marketing.builder.language" defaultMessage="Language of the page" />
            <select name="lang" value={values.lang ?? ''} onChange={set('lang')} data-testid="builder-lang">
              <option value="">{intl.formatMessage({ id: 'marketing.builder.languageVisitor', defaultMessage: "The visitor's own" })}</option>
              <LocaleOptions locales={locales} />
            </select>
          </FieldLabel>
        </Fields>
        <datalist id="known-networks">
          {networks.map((network) => (
            <option key={network} value={network} />
          ))}
        </datalist>
        {!hydrated ? (
          <Actions>
            <SmallButton type="submit" $variant="primary" name="make" value="1">
              <FormattedMessage id="marketing.builder.make" defaultMessage="Make the link" />
            </SmallButton>
          </Actions>
        ) : null}
      </Form>
      {shown ? (
        <Result>
          <label htmlFor="tracking-link">
            <strong>
              <FormattedMessage id="marketing.builder.link" defaultMessage="Your link" />
            </strong>
          </label>
          <div>
            <input id="tracking-link" readOnly value={shown} onFocus={(event) => event.currentTarget.select()} data-testid="tracking-link" />
            {hydrated ? (
              <SmallButton type="button" $variant="primary" onClick={copy} data-testid="copy-link">
                <FormattedMessage id="marketing.builder.copy" defaultMessage="Copy" />
              </SmallButton>
            ) : null}
          </div>
          {copied ? (
            <Notice $tone="success" role="status">
              <FormattedMessage id="marketing.builder.copied" defaultMessage="Copied to the clipboard." />
            </Notice>
          ) : null}
          {!values.network && !values.ref ? (
            <Notice>
              <FormattedMessage id="marketing.builder.noSource" defaultMessage="Without a network or a ref the link is counted as a visit but credits nobody." />
            </Notice>
          ) : null}
        </Result>
      ) : null}
    </Panel>
  );
}
