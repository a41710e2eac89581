import { describe, expect, it } from 'vitest';
import { jpeg, png, pngOfSize, SAFE_SVG, zip } from '@/tests/support/images.js';
import { judgeImage } from './image.js';
import { checkSvg } from './svg.js';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

describe('the SVG check', () => {
  it('accepts plain drawing with local references, comments, CDATA styles and entities', () => {
    expect(checkSvg(SAFE_SVG)).toBe('safe');
    expect(checkSvg('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe('safe');
    expect(checkSvg('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>')).toBe(
      'safe',
    );
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['a namespaced script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['an event handler', svg('<rect onload="alert(1)"/>')],
    ['an upper-case event handler', '<svg ONLOAD="alert(1)"/>'],
    ['a foreignObject', svg('<foreignObject><div/></foreignObject>')],
    ['a javascript link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an entity-spelled javascript link', svg('<a href="&#106;avascript:alert(1)"><rect/></a>')],
    ['an external xlink:href', svg('<use xlink:href="https://evil.example/x.svg#a"/>')],
    ['an external image', svg('<image href="http://evil.example/a.png"/>')],
    ['an SVG data image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['an external url() in an attribute', svg('<rect fill="url(https://evil.example/#a)"/>')],
    ['an external url() in a style attribute', svg('<rect style="fill: url(\'//evil.example/a\')"/>')],
    ['an external url() in a style element', svg('<style>rect { background: url(http://evil.example/a) }</style>')],
    ['@import in a style element', svg('<style><![CDATA[@import "http://evil.example/a.css";]]></style>')],
    ['a CSS escape', svg('<style>rect { background: u\\72l(http://evil.example/a) }</style>')],
    ['a stylesheet instruction', '<?xml-stylesheet href="http://evil.example/a.css"?><svg/>'],
    ['an entity declaration', '<!DOCTYPE svg [<!ENTITY x "y">]><svg/>'],
    ['xml:base', svg('<g xml:base="http://evil.example/"/>')],
    ['an animation that sets href', svg('<a href="#a"><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['an iframe', svg('<iframe src="x"/>')],
  ])('refuses %s', (_, text) => {
    expect(checkSvg(text)).toBe('unsafe');
  });

  it.each([
    ['HTML', '<!doctype html><html><body>hi</body></html>'],
    ['plain text', 'hello'],
    ['another XML root', '<?xml version="1.0"?><root/>'],
    ['an unclosed element', '<svg><g></svg>'],
    ['text outside the root', '<svg/>trailing'],
    ['a bare ampersand', svg('<text>a & b</text>')],
    ['an attribute without quotes', '<svg width=10/>'],
  ])('calls %s not an SVG', (_, text) => {
    expect(checkSvg(text)).toBe('not-svg');
  });
});

describe('judging an avatar by its bytes', () => {
  it('accepts PNG, JPEG and safe SVG with the sniffed content type', async () => {
    expect(await judgeImage(png())).toEqual({ contentType: 'image/png' });
    expect(await judgeImage(pngOfSize(5000))).toEqual({ contentType: 'image/png' });
    expect(await judgeImage(jpeg())).toEqual({ contentType: 'image/jpeg' });
    expect(await judgeImage(Buffer.from(SAFE_SVG))).toEqual({ contentType: 'image/svg+xml' });
  });

  it('refuses other files whatever their name', async () => {
    expect(await judgeImage(zip())).toEqual({ refused: 'not-an-image' });
    expect(await judgeImage(Buffer.from('<html><script>alert(1)</script></html>'))).toEqual({ refused: 'not-an-image' });
    expect(await judgeImage(Buffer.from([0xff, 0xfe, 0x00, 0x01]))).toEqual({ refused: 'not-an-image' });
  });

  it('refuses a PNG or JPEG with bytes after its end (a polyglot)', async () => {
    expect(await judgeImage(Buffer.concat([png(), zip()]))).toEqual({ refused: 'not-an-image' });
    expect(await judgeImage(Buffer.concat([jpeg(), Buffer.from('<script>')]))).toEqual({ refused: 'not-an-image' });
    expect(await judgeImage(png().subarray(0, 40))).toEqual({ refused: 'not-an-image' });
  });

  it('refuses an SVG with a script as unsafe', async () => {
    expect(await judgeImage(Buffer.from(svg('<script>alert(1)</script>')))).toEqual({ refused: 'unsafe-svg' });
  });
});
