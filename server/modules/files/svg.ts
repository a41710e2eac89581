/**
 * SVG avatars are checked, and REFUSED when they hold anything active: a script, an event
 * handler (on*), a foreignObject (or iframe, embed, object ...), or a reference outside the file
 * (href, xlink:href, src or CSS url() other than a '#fragment' or an inline data:image, @import,
 * xml-stylesheet, xml:base, an entity declaration). Refusing rather than stripping: a stripper
 * written without a full XML and CSS parser can leave something behind, while a refusal on any
 * doubt cannot, and the member can export the picture again without the offending part.
 *
 * The check reads the text as XML would, tag by tag (with entities decoded in attribute values
 * and style text), so a file that is not well-formed SVG is "not-svg": not an image at all.
 */
export type SvgVerdict = 'safe' | 'unsafe' | 'not-svg';

class NotSvg extends Error {}
class Unsafe extends Error {}

const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'frame',
  'frameset',
]);
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp)[;,]/i;

/** XML's five named entities and character references; anything else is not well-formed. */
function decode(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new NotSvg();
    if (ref in ENTITIES) return ENTITIES[ref];
    const code = /^#x([0-9a-f]+)$/i.exec(ref) ? parseInt(ref.slice(2), 16) : /^#(\d+)$/.exec(ref) ? Number(ref.slice(1)) : NaN;
    if (!Number.isInteger(code) || code > 0x10ffff) throw new NotSvg();
    return String.fromCodePoint(code);
  });
}

/** What a browser sees once blanks and control characters are gone: 'java\tscript:' is 'javascript:'. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const squeezed = (value: string) => value.replace(/[\s\u0000-\u001f\u007f]+/g, '').toLowerCase();

/** A reference stays inside the file: a fragment or an inline raster image. */
const isLocal = (target: string) => target.startsWith('#') || INLINE_IMAGE.test(target);

function checkCss(css: string) {
  const text = squeezed(css);
  // A backslash escape can spell url( or @import in ways a plain search misses.
  if (/\\|@import|expression\(|image-set\(|javascript:|vbscript:/.test(text)) throw new Unsafe();
  const calls = text.match(/url\(/g)?.length ?? 0;
  const targets = [...text.matchAll(/url\((['"]?)([^'")]*)\1\)/g)].map((m) => m[2]);
  if (targets.length !== calls || !targets.every(isLocal)) throw new Unsafe();
}

function checkAttribute(element: string, name: string, rawValue: string) {
  const value = decode(rawValue);
  const lower = name.toLowerCase();
  const local = lower.slice(lower.indexOf(':') + 1);
  if (local.startsWith('on') || lower === 'xml:base') throw new Unsafe();
  if ((local === 'href' || local === 'src') && !isLocal(value.trim())) throw new Unsafe();
  // <set attributeName="href" to="javascript:..."> turns a safe link into an active one.
  if (ANIMATIONS.has(element) && local === 'attributename' && /(^|:)(href|on)/i.test(value.trim())) throw new Unsafe();
  checkCss(value);
}

/** Reads the SVG text tag by tag; throws NotSvg or Unsafe. */
class Reader {
  private i = 0;
  private readonly open: string[] = [];
  private rootSeen = false;

  constructor(private readonly text: string) {}

  read() {
    const t = this.text;
    while (this.i < t.length) {
      const lt = t.indexOf('<', this.i);
      this.content(t.slice(this.i, lt === -1 ? t.length : lt));
      if (lt === -1) break;
      this.i = lt;
      if (t.startsWith('<!--', lt)) this.i = this.after('-->');
      else if (t.startsWith('<![CDATA[', lt)) this.cdata();
      else if (t.startsWith('<?', lt)) this.instruction();
      else if (t.startsWith('<!', lt)) this.doctype();
      else if (t.startsWith('</', lt)) this.closeTag();
      else this.openTag();
    }
    if (!this.rootSeen || this.open.length > 0) throw new NotSvg();
  }

  private after(end: string): number {
    const at = this.text.indexOf(end, this.i);
    if (at === -1) throw new NotSvg();
    return at + end.length;
  }

  private get inStyle() {
    return this.open.length > 0 && this.localName(this.open[this.open.length - 1]) === 'style';
  }

  private localName(name: string) {
    return name.slice(name.indexOf(':') + 1).toLowerCase();
  }

  private content(raw: string) {
    if (raw.trim() === '') return;
    if (this.open.length === 0) throw new NotSvg();
    const text = decode(raw);
    if (this.inStyle) checkCss(text);
  }

  private cdata() {
    const start = this.i + '<![CDATA['.length;
    this.i = this.after(']]>');
    if (this.open.length === 0) throw new NotSvg();
    if (this.inStyle) checkCss(this.text.slice(start, this.i - 3));
  }

  /** Only the XML declaration; a processing instruction such as xml-stylesheet loads CSS from elsewhere. */
  private instruction() {
    const start = this.i;
    this.i = this.after('?>');
    const body = this.text.slice(start, this.i);
    if (!/^<\?xml\s/.test(body) || this.rootSeen) throw new Unsafe();
  }

  /** A doctype naming the SVG DTD is harmless; an internal subset can declare entities. */
  private doctype() {
    const start = this.i;
    this.i = this.after('>');
    const body = this.text.slice(start, this.i);
    if (this.rootSeen || !/^<!DOCTYPE\s+svg\b/i.test(body)) throw new NotSvg();
    if (body.includes('[')) throw new Unsafe();
  }

  private name(): string {
    const match = /^[A-Za-z_][\w.:-]*/.exec(this.text.slice(this.i, this.i + 200));
    if (!match) throw new NotSvg();
    this.i += match[0].length;
    return match[0];
  }

  private skipBlanks() {
    while (/\s/.test(this.text[this.i] ?? '')) this.i++;
  }

  private closeTag() {
    this.i += 2;
    const name = this.name();
    this.skipBlanks();
    if (this.text[this.i] !== '>' || this.open.pop() !== name) throw new NotSvg();
    this.i++;
  }

  private openTag() {
    this.i++;
    const name = this.name();
    const element = this.localName(name);
    if (!this.rootSeen && element !== 'svg') throw new NotSvg();
    if (this.rootSeen && this.open.length === 0) throw new NotSvg(); // a second root
    this.rootSeen = true;
    if (ACTIVE_ELEMENTS.has(element)) throw new Unsafe();
    for (;;) {
      this.skipBlanks();
      if (this.text.startsWith('/>', this.i)) {
        this.i += 2;
        return;
      }
      if (this.text[this.i] === '>') {
        this.i++;
        this.open.push(name);
        return;
      }
      this.attribute(element);
    }
  }

  private attribute(element: string) {
    const name = this.name();
    this.skipBlanks();
    if (this.text[this.i] !== '=') throw new NotSvg();
    this.i++;
    this.skipBlanks();
    const quote = this.text[this.i];
    if (quote !== '"' && quote !== "'") throw new NotSvg();
    const end = this.text.indexOf(quote, this.i + 1);
    if (end === -1) throw new NotSvg();
    const value = this.text.slice(this.i + 1, end);
    if (value.includes('<')) throw new NotSvg();
    this.i = end + 1;
    checkAttribute(element, name, value);
  }
}

export function checkSvg(text: string): SvgVerdict {
  try {
    new Reader(text.replace(/^\uFEFF/, '')).read();
    return 'safe';
  } catch (err) {
    // Only a document that means to be an SVG is called unsafe; any other text is simply not an image.
    if (err instanceof Unsafe) return /<(?:[\w.-]+:)?svg[\s/>]/i.test(text) ? 'unsafe' : 'not-svg';
    if (err instanceof NotSvg) return 'not-svg';
    throw err;
  }
}
