import { inflateSync } from 'node:zlib';

/** The text a PDF shows: pdfkit writes it as hex strings in its (deflated) content streams. */
export function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue; // an image
    }
    for (const [shown] of content.matchAll(/\[[^\]]*\]\s*TJ/g)) {
      text.push([...shown.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return text.join('\n');
}

/** How many pages a PDF has. */
export const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
