// The brand wizard's and the sites list's look (docs/network-console.md, decision 0053): the sectioned
// form beside its preview frames (under it on a phone), the contrast checks, the problems beside their
// fields, the review diff. Class names inside are the ones the tests and the live preview look for
// (.frames[data-page] .desktop/.phone iframe, .field-error, [data-contrast] .pass/.fail, .diff tr.add).
import { Link } from '@remix-run/react';
import styled, { css } from 'styled-components';
import { consoleButton, consoleControl } from './parts';

const primary = css`
  ${consoleButton}
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const secondary = css`
  ${consoleButton}
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
`;

export const ButtonLink = styled(Link)<{ $secondary?: boolean }>`
  ${({ $secondary }) => ($secondary ? secondary : primary)}
`;

export const Button = styled.button<{ $secondary?: boolean }>`
  ${({ $secondary }) => ($secondary ? secondary : primary)}
`;

/** A notice that something worked (a site launched, saved, paused). */
export const Saved = styled.p`
  margin: 0;
  padding: 12px 14px;
  border: 2px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

export const Crumbs = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The list of sites: each with its domains, its status and what an admin may do with it. */
export const SiteList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    justify-content: space-between;
    padding: 12px 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  > li:first-child {
    border-top: 0;
  }
  .who {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .who strong {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  .domains {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  .badge {
    display: inline-block;
    margin-left: 8px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.dangerSurface};
    color: ${({ theme }) => theme.colors.danger};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .tools form {
    display: flex;
    flex-direction: row;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin: 0;
  }
  .tools label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  .tools input[type='checkbox'] {
    width: 20px;
    height: 20px;
  }
`;

export const Templates = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The wizard's page: the problems, the diff, the form with its preview, the versions. */
export const WizardPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  #summary,
  #diff {
    scroll-margin-top: 12px;
  }
  .summary {
    border: 2px solid ${({ theme }) => theme.colors.danger};
    background: #fff5f5;
  }
  .summary[hidden] {
    display: none;
  }
  .summary a {
    color: ${({ theme }) => theme.colors.danger};
  }
  .summary li {
    margin: 4px 0;
    overflow-wrap: anywhere;
  }
  .wizard {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    grid-template-columns: minmax(0, 1fr);
  }
  @media (min-width: 1100px) {
    .wizard {
      grid-template-columns: minmax(0, 1fr) 560px;
    }
    .preview {
      position: sticky;
      top: 12px;
      align-self: start;
    }
  }
  .fields {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    min-width: 0;
  }
  fieldset {
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin: 0 0 12px;
    padding: 0;
    font-size: 1.05rem;
    font-weight: 700;
  }
  legend.hint {
    margin: 12px 0 4px;
  }
  .hint {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    font-weight: 400;
  }
  h3.hint {
    margin: 16px 0 4px;
  }
  .grid {
    display: grid;
    gap: 12px 16px;
    align-items: start;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  }
  .grid + .grid {
    margin-top: 12px;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  input,
  select,
  textarea {
    ${consoleControl}
    font-weight: 400;
  }
  input[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
  textarea {
    min-height: 88px;
    resize: vertical;
  }
  textarea.json {
    width: 100%;
    min-height: 280px;
    font-family: ui-monospace, Menlo, Consolas, monospace;
    font-size: 0.8rem;
  }
  .checks {
    display: flex;
    flex-wrap: wrap;
    gap: 0 14px;
  }
  .checks label {
    flex-direction: row;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    font-weight: 400;
  }
  .checks input {
    width: 20px;
    height: 20px;
    min-height: 0;
  }
  .colour {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  .colour input {
    flex: 1;
    min-width: 0;
  }
  .swatch {
    flex: none;
    width: 44px;
    height: 44px;
    border: 1px solid #8a94a6;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  .contrast {
    display: grid;
    gap: 6px;
    margin: 12px 0 0;
    padding: 0;
    list-style: none;
  }
  .contrast li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 10px;
    align-items: center;
    padding: 8px 10px;
    border-radius: 8px;
    background: ${({ theme }) => theme.colors.background};
  }
  .sample {
    flex: none;
    width: 128px;
    height: 34px;
  }
  .ratio {
    font-variant-numeric: tabular-nums;
    font-weight: 700;
  }
  .pass {
    color: #0a6b2d;
    font-weight: 700;
  }
  .fail {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 700;
  }
  .row {
    display: grid;
    gap: 8px;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
    padding: 10px 0;
    border-top: 1px solid #e1e5eb;
  }
  .row:first-of-type {
    border-top: 0;
  }
  .wide {
    grid-column: 1 / -1;
  }
  .field-error {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.danger};
    font-size: 0.85rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .field-error:empty {
    display: none;
  }
  .field-error span {
    display: block;
  }
  details summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
  }
  .frames {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: flex-start;
    margin: 0 0 16px;
  }
  .frames:last-child {
    margin: 0;
  }
  .frame {
    position: relative;
    flex: none;
    overflow: hidden;
    border: 1px solid #8a94a6;
    border-radius: 10px;
    background: #ffffff;
  }
  .frame iframe {
    position: absolute;
    top: 0;
    left: 0;
    border: 0;
    transform-origin: 0 0;
    pointer-events: none;
  }
  .desktop {
    width: 307px;
    height: 192px;
  }
  .desktop iframe {
    width: 1280px;
    height: 800px;
    transform: scale(0.24);
  }
  @media (min-width: 560px) {
    .desktop {
      width: 461px;
      height: 288px;
    }
    .desktop iframe {
      transform: scale(0.36);
    }
  }
  .phone {
    width: 188px;
    height: 333px;
  }
  .phone iframe {
    width: 375px;
    height: 667px;
    transform: scale(0.5);
  }
  @media (min-width: 1100px) {
    .desktop {
      width: 526px;
      height: 329px;
    }
    .desktop iframe {
      transform: scale(0.411);
    }
  }
  .frame-label {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.75rem;
  }
  .status {
    min-height: 1.2em;
    margin: 0 0 8px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
  }
  .preview label {
    margin: 0 0 12px;
  }
  .diff {
    overflow-x: auto;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 8px;
    font-family: ui-monospace, Menlo, Consolas, monospace;
    font-size: 0.8rem;
  }
  .diff table {
    border-collapse: collapse;
    font-size: 0.8rem;
  }
  .diff td {
    padding: 1px 8px;
    border: 0;
    text-align: left;
    white-space: pre;
  }
  .diff td.n {
    width: 1%;
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: right;
    user-select: none;
  }
  .diff tr.add {
    background: #e6f6ea;
  }
  .diff tr.del {
    background: #fdecec;
  }
  .diff tr.gap td {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.textMuted};
    font-style: italic;
  }
  .versions {
    margin: 0;
    padding-left: 20px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
