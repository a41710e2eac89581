import { fileTypeFromBuffer } from 'file-type';
import { checkSvg } from './svg.js';

/** An avatar is at most 800KB (819200 bytes). */
export const MAX_AVATAR_BYTES = 819200;

export const tooLarge = (file: string) => `${file} exceeds the maximum file size (800KB)`;
export const notAnImage = (file: string) => `${file} is not a valid image file (SVG, JPEG, JPG, PNG allowed)`;
export const unsafeSvg = (file: string) =>
  `${file} is not a safe SVG image: scripts, event handlers, foreignObject and external references are not allowed`;

export type ImageVerdict = { contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml' } | { refused: 'not-an-image' | 'unsafe-svg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG's chunks run from the signature to IEND and the file ends there: bytes after IEND are
 * how a PNG doubles as a ZIP or a script (a polyglot), and a picture has no use for them.
 */
function isWholePng(data: Buffer): boolean {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at === data.length;
  }
  return false;
}

/** A JPEG starts with SOI and, for the same reason as a PNG, ends with EOI. */
function isWholeJpeg(data: Buffer): boolean {
  return data.length > 4 && data[0] === 0xff && data[1] === 0xd8 && data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;
}

/** SVG is text: it must read as UTF-8 and pass the SVG check. */
function svgVerdict(data: Buffer): ImageVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return { refused: 'not-an-image' };
  }
  const verdict = checkSvg(text);
  if (verdict === 'safe') return { contentType: 'image/svg+xml' };
  return { refused: verdict === 'unsafe' ? 'unsafe-svg' : 'not-an-image' };
}

/**
 * What an uploaded avatar is, judged by its bytes alone: never by its name or the content type
 * the browser sent, so a ZIP or an HTML page named .png is refused.
 */
export async function judgeImage(data: Buffer): Promise<ImageVerdict> {
  const sniffed = await fileTypeFromBuffer(data);
  if (sniffed?.mime === 'image/png') return isWholePng(data) ? { contentType: 'image/png' } : { refused: 'not-an-image' };
  if (sniffed?.mime === 'image/jpeg') return isWholeJpeg(data) ? { contentType: 'image/jpeg' } : { refused: 'not-an-image' };
  // file-type knows no SVG: it names an SVG with an XML declaration 'application/xml', one without nothing.
  if (!sniffed || sniffed.mime === 'application/xml') return svgVerdict(data);
  return { refused: 'not-an-image' };
}
