import { crc32, deflateSync } from 'node:zlib';

/** Small image files built in code, for the avatar checks. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of width x height red pixels. */
export function png(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded with a text chunk to exactly size bytes (at least 70). */
export function pngOfSize(size: number): Buffer {
  const base = png();
  const padding = size - base.length - 12; // a chunk's length, type and CRC
  if (padding < 0) throw new Error(`a PNG needs at least ${base.length + 12} bytes`);
  const iend = base.length - 12;
  return Buffer.concat([base.subarray(0, iend), pngChunk('tEXt', Buffer.alloc(padding, 0x61)), base.subarray(iend)]);
}

/** The frame of a JPEG: start of image, a JFIF header, end of image. */
export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** The start of a ZIP archive (a local file header). */
export function zip(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('a.txt', 'latin1')]);
}

export const SAFE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <!-- a comment -->
  <style><![CDATA[ .a { fill: url(#g); } ]]></style>
  <rect class="a" width="10" height="10" fill="url(#g)"/>
  <use xlink:href="#g"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <text x="1" y="9">A &amp; B &#169;</text>
</svg>`;
