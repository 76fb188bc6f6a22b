// Landers hydrate on demand (docs/decisions/0035): their Remix scripts stay in the HTML asleep, the
// wake script and data blocks stay awake; their cache key leaves out tracking parameters.
import { describe, expect, it } from 'vitest';
import { putScriptsToSleep, withoutScripts } from '~/.server/http/sleeping-scripts';
import { keyUrl } from '~/.server/http/render-cache';

describe('putScriptsToSleep', () => {
  const page = [
    '<head><script id="rdv-messages" src="/i18n/en.1.js" async="" nonce="N"></script></head><body>',
    '<script type="application/ld+json">{"a":1}</script>',
    '<script id="rdv-wake" nonce="N">(function(){})()</script>',
    '<link rel="modulepreload" href="/assets/entry.js"/>',
    '<script nonce="N">window.__remixContext = {};</script>',
    '<script type="module" async="" nonce="N">import "/assets/entry.js";</script></body>',
  ].join('');
  const asleep = putScriptsToSleep(page);

  it('puts the catalogue, the context and the module to sleep, keeping their content and nonce', () => {
    expect(asleep).toContain('<script type="text/rdv-lazy" id="rdv-messages" src="/i18n/en.1.js" async="" nonce="N">');
    expect(asleep).toContain('<script type="text/rdv-lazy" nonce="N">window.__remixContext = {};</script>');
    expect(asleep).toContain('<script type="text/rdv-lazy" data-type="module" async="" nonce="N">import "/assets/entry.js";</script>');
    expect(asleep).toContain('<link rel="rdv-mp" href="/assets/entry.js"/>');
    expect(asleep).not.toMatch(/<script (?!type="text\/rdv-lazy"|type="application\/ld\+json"|id="rdv-wake")/);
  });

  it('leaves the wake script and data blocks awake', () => {
    expect(asleep).toContain('<script id="rdv-wake" nonce="N">(function(){})()</script>');
    expect(asleep).toContain('<script type="application/ld+json">{"a":1}</script>');
  });
});

describe('withoutScripts (the network wizard\'s preview frames, issue 48 item 18)', () => {
  const page = [
    '<head><link rel="icon" href="/icon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/entry.js"/>',
    '<script id="rdv-messages" src="/i18n/en.1.js" async="" nonce="N"></script></head><body>',
    '<button type="button" autofocus="">I understand</button><p>Scripts, autofocus and icons</p>',
    '<script nonce="N">window.__remixContext = {};</script><script type="module" async="" nonce="N">import "/assets/entry.js";</script></body>',
  ].join('');
  const preview = withoutScripts('/preview/token123')(page);

  it('leaves out every script, module preload and autofocus, and keeps the rest of the page', () => {
    expect(preview).not.toMatch(/<script|modulepreload|autofocus=/);
    expect(preview).toContain('<button type="button">I understand</button><p>Scripts, autofocus and icons</p>');
  });

  it('links the icon under the frame\'s path', () => {
    expect(preview).toContain('<link rel="icon" href="/preview/token123/icon.svg" type="image/svg+xml"/>');
  });
});

describe('keyUrl', () => {
  it('keeps a lander under its path without tracking parameters and click ids', () => {
    expect(keyUrl('/landers/video/nearby?network=n&ref=r&sub1=a&sub2=b&sub3=c&utm_source=x&utm_medium=y&gclid=1&fbclid=2&msclkid=3&ttclid=4')).toBe('/landers/video/nearby');
    expect(keyUrl('/members/12/landing2/she-x?ref=9&signup=1')).toBe('/members/12/landing2/she-x?signup=1');
  });

  it('leaves other pages’ queries as they are', () => {
    expect(keyUrl('/pricing?country=NL&network=n')).toBe('/pricing?country=NL&network=n');
    expect(keyUrl('/?ref=1')).toBe('/?ref=1');
  });
});
