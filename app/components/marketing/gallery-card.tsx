// One URL of a lander in the marketer's gallery: its name and variant, the headline in the chosen
// language, live previews at 375 and 1280 px (the real page, scaled down, loaded when scrolled to),
// links that open it at exactly those widths, and a shortcut to the link builder.
import { Link } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { GalleryEntry } from '~/shared/marketing-types';
import { Panel, Pill } from '../operators/parts';
import { Code } from './parts';

const PHONE = { width: 375, height: 667, scale: 0.48 };
const DESKTOP = { width: 1280, height: 800, scale: 0.28, small: 0.235 };

const Card = styled(Panel).attrs({ as: 'li' })`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-content: start;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const Headline = styled.p`
  margin: 0;
  color: #3a4356;
  font-style: italic;
`;

const Previews = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

const Frame = styled.div<{ $w: number; $h: number; $scale: number; $small?: number }>`
  position: relative;
  flex: none;
  width: ${({ $w, $scale }) => Math.round($w * $scale)}px;
  height: ${({ $h, $scale }) => Math.round($h * $scale)}px;
  overflow: hidden;
  border: 1px solid #c5cad6;
  border-radius: 10px;
  background: #eef0f5;
  box-shadow: 0 1px 3px rgba(29, 35, 51, 0.12);

  iframe {
    position: absolute;
    top: 0;
    left: 0;
    width: ${({ $w }) => $w}px;
    height: ${({ $h }) => $h}px;
    border: 0;
    transform: scale(${({ $scale }) => $scale});
    transform-origin: 0 0;
    pointer-events: none;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    width: ${({ $w, $scale, $small }) => Math.round($w * ($small ?? $scale))}px;
    height: ${({ $h, $scale, $small }) => Math.round($h * ($small ?? $scale))}px;

    iframe {
      transform: scale(${({ $scale, $small }) => $small ?? $scale});
    }
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  a {
    color: ${({ theme }) => theme.colors.primaryOnTint};
  }
`;

/** Opens the page in a window of exactly that width where the browser allows; a plain new tab otherwise. */
function openAt(width: number, height: number) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const opened = window.open(event.currentTarget.href, `preview-${width}`, `popup,width=${width},height=${height}`);
    if (opened) event.preventDefault();
  };
}

export function GalleryCard({ entry, title, headline, previewUrl, builderUrl }: { entry: GalleryEntry; title: string; headline: string; previewUrl: string; builderUrl: string }) {
  const intl = useIntl();
  return (
    <Card data-testid="gallery-entry" data-path={entry.path}>
      <h3>{title}</h3>
      <Meta>
        {entry.kind === 'default' ? (
          <Pill>
            <FormattedMessage id="marketing.kind.default" defaultMessage="Default variant" />
          </Pill>
        ) : entry.kind === 'variant' ? (
          <Pill $tone="accent">
            <FormattedMessage id="marketing.kind.variant" defaultMessage="Variant" />
          </Pill>
        ) : (
          <Pill $tone="warning">
            <FormattedMessage id="marketing.kind.split" defaultMessage="Split of {variants}" values={{ variants: entry.variants.join(', ') }} />
          </Pill>
        )}
        <Code>{entry.path}</Code>
      </Meta>
      {headline ? <Headline>“{headline}”</Headline> : null}
      <Previews>
        <Frame $w={PHONE.width} $h={PHONE.height} $scale={PHONE.scale}>
          <iframe src={previewUrl} loading="lazy" title={intl.formatMessage({ id: 'marketing.preview.phone', defaultMessage: 'Preview of {path} at 375 px' }, { path: entry.path })} />
        </Frame>
        <Frame $w={DESKTOP.width} $h={DESKTOP.height} $scale={DESKTOP.scale} $small={DESKTOP.small}>
          <iframe src={previewUrl} loading="lazy" title={intl.formatMessage({ id: 'marketing.preview.desktop', defaultMessage: 'Preview of {path} at 1280 px' }, { path: entry.path })} />
        </Frame>
      </Previews>
      <Links>
        <a href={previewUrl} target="_blank" rel="noopener" onClick={openAt(PHONE.width, PHONE.height)}>
          <FormattedMessage id="marketing.open.phone" defaultMessage="Open at 375 px" />
        </a>
        <a href={previewUrl} target="_blank" rel="noopener" onClick={openAt(DESKTOP.width, DESKTOP.height)}>
          <FormattedMessage id="marketing.open.desktop" defaultMessage="Open at 1280 px" />
        </a>
        <Link to={builderUrl} preventScrollReset={false} data-testid="build-link">
          <FormattedMessage id="marketing.buildLink" defaultMessage="Make a tracking link" />
        </Link>
      </Links>
    </Card>
  );
}
