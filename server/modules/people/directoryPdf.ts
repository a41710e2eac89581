import PDFDocument from 'pdfkit';
import type { DirectoryEntry } from './directory.js';

/**
 * The printed directory as a PDF (docs/decisions/0215-directory.md): A4, one person a row with
 * their photo (or their initials in a circle), name, phone and email where they allowed it, and
 * departments and house fellowship. pdfkit's built-in Helvetica writes Windows-1252 only, so
 * other letters (Yoruba's ẹ, ọ, ṣ) are printed without their marks rather than as garbage.
 */

const MARGIN = 40;
const ROW = 58;
const PHOTO = 44;
const INK = '#1f2937';
const SOFT = '#4b5563';

/** Latin-1 and the few letters Windows-1252 adds keep their form; any other letter loses its marks. */
export const printable = (text: string) =>
  text.normalize('NFC').replace(/[^\u0020-\u00ff€ŠšŽžŒœŸ‘’“”–—…•]/gu, (c) =>
    c
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\u0020-\u00ff]/g, '?'),
  );

const initialsOf = (name: string) =>
  printable(name)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');

function photoOrInitials(doc: PDFKit.PDFDocument, entry: DirectoryEntry, x: number, y: number) {
  if (entry.photo) {
    try {
      doc.image(entry.photo, x, y, { width: PHOTO, height: PHOTO });
      return;
    } catch {
      // A thumbnail pdfkit cannot read gets the initials like a person without a photo.
    }
  }
  doc.circle(x + PHOTO / 2, y + PHOTO / 2, PHOTO / 2).fill('#e5e7eb');
  doc
    .fillColor(SOFT)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(initialsOf(entry.name), x, y + PHOTO / 2 - 7, { width: PHOTO, align: 'center', lineBreak: false });
}

function personRow(doc: PDFKit.PDFDocument, entry: DirectoryEntry, y: number) {
  photoOrInitials(doc, entry, MARGIN, y);
  const x = MARGIN + PHOTO + 12;
  const width = doc.page.width - x - MARGIN;
  const line = (text: string, font: string, size: number, colour: string) =>
    doc.font(font).fontSize(size).fillColor(colour).text(printable(text), { width, lineBreak: false, ellipsis: true });
  doc.x = x;
  doc.y = y + 2;
  line(entry.name, 'Helvetica-Bold', 11, INK);
  const contact = [entry.phone, entry.email].filter(Boolean).join('   ');
  if (contact) line(contact, 'Helvetica', 9, SOFT);
  const belongs = [entry.departments, entry.centerName].filter(Boolean).join(' · ');
  if (belongs) line(belongs, 'Helvetica', 9, SOFT);
}

/** The directory's PDF, titled and dated, page numbers at the foot. */
export function directoryPdf(entries: DirectoryEntry[], title: string, printedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const top = () => {
    doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(printable(title), MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(9).fillColor(SOFT).text(`${printedOn} · ${entries.length} people`);
    return doc.y + 10;
  };
  let y = top();
  if (!entries.length) doc.font('Helvetica').fontSize(11).fillColor(INK).text('Nobody in this directory.', MARGIN, y);
  for (const entry of entries) {
    if (y + ROW > doc.page.height - MARGIN - 16) {
      doc.addPage();
      y = MARGIN;
    }
    personRow(doc, entry, y);
    y += ROW;
  }
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const footY = doc.page.height - MARGIN + 8;
    // Below the bottom margin: pdfkit would otherwise start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(SOFT)
      .text(`${i + 1} / ${count}`, MARGIN, footY, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
