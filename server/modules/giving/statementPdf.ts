import PDFDocument from 'pdfkit';
import type { Statement } from '@/domain/giving/statements.js';
import { printable } from '@/server/modules/people/directoryPdf.js';
import { statementWords, type LocalWords } from './statementWords.js';

/**
 * Giving statements as one PDF (docs/decisions/0235-giving-statements.md), made with pdfkit as the
 * printed directory is (0215): A4, each giver's statement from a new page, in the giver's
 * language; the contributions by date with fund, method, reference and amount, then the totals
 * per fund. The pages are written out as they are made, not held to the end, so a statement run
 * for every giver streams and reports its progress giver by giver.
 */

const MARGIN = 40;
const INK = '#1f2937';
const SOFT = '#4b5563';
const LINE = 16;
/** The columns' left edges and widths on A4 (595 pt wide, 40 pt margins). */
const COLS = { date: [40, 70], fund: [112, 110], method: [224, 70], reference: [296, 150], amount: [448, 107] } as const;

type Column = keyof typeof COLS;

function cell(doc: PDFKit.PDFDocument, column: Column, text: string, y: number, bold = false) {
  const [x, width] = COLS[column];
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(printable(text), x, y, { width, lineBreak: false, ellipsis: true, align: column === 'amount' ? 'right' : 'left' });
}

type Page = { app: string; statement: Statement; w: LocalWords; period: string; printedOn: string };

/** The head of a statement's page: the church, the title, the giver and the period (and 'continued' after the first). */
function head(doc: PDFKit.PDFDocument, { app, statement, w, period, printedOn }: Page, continued: boolean) {
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(printable(`${app}: ${w.title}`), MARGIN, MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(printable(continued ? `${statement.giverName} (${w.continued})` : statement.giverName));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(SOFT)
    .text(printable(`${period} · ${w.printedOn(printedOn)}`));
  const y = doc.y + 12;
  for (const column of Object.keys(COLS) as Column[]) cell(doc, column, w.columns[column], y, true);
  doc
    .moveTo(MARGIN, y + LINE - 4)
    .lineTo(doc.page.width - MARGIN, y + LINE - 4)
    .strokeColor('#9ca3af')
    .stroke();
  return y + LINE;
}

/** One giver's statement from a new page. */
function statementPages(doc: PDFKit.PDFDocument, page: Page, first: boolean) {
  const { statement, w } = page;
  if (!first) doc.addPage();
  let y = head(doc, page, false);
  const room = () => doc.page.height - MARGIN - LINE;
  const next = () => {
    y += LINE;
    if (y > room()) {
      doc.addPage();
      y = head(doc, page, true);
    }
  };
  if (!statement.lines.length) {
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(printable(w.none), MARGIN, y);
    return;
  }
  for (const line of statement.lines) {
    cell(doc, 'date', w.shortDay(line.date), y);
    cell(doc, 'fund', line.fundName, y);
    cell(doc, 'method', w.methods[line.method], y);
    cell(doc, 'reference', w.referenceOf(line), y);
    cell(doc, 'amount', w.money(line.amount, line.currency), y);
    next();
  }
  next();
  cell(doc, 'fund', w.byFund, y, true);
  next();
  for (const total of statement.totals) {
    cell(doc, 'fund', total.fundName, y);
    cell(doc, 'amount', w.money(total.amount, total.currency), y);
    next();
  }
  for (const total of statement.grandTotals) {
    cell(doc, 'fund', w.total, y, true);
    cell(doc, 'amount', w.money(total.amount, total.currency), y, true);
    next();
  }
}

type PdfSink = {
  /** Each piece of the PDF as pdfkit writes it. */
  data(chunk: Buffer): void;
  /** After each giver's statement: how many are done. */
  progress?(done: number): void;
};

/**
 * Writes the statements' PDF to the sink, giver by giver, letting the event loop turn between
 * givers (other calls are answered meanwhile, and the pieces go out). Resolves when the file ends.
 */
export async function writeStatementsPdf(
  statements: Statement[],
  period: { from: string; to: string },
  app: string,
  sink: PdfSink,
): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${app} giving statements` } });
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.on('data', (chunk: Buffer) => sink.data(chunk));
  const today = new Date().toISOString().slice(0, 10);
  if (!statements.length)
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(printable(statementWords(null).none), MARGIN, MARGIN);
  for (const [i, statement] of statements.entries()) {
    const w = statementWords(statement.language);
    statementPages(doc, { app, statement, w, period: w.period(w.day(period.from), w.day(period.to)), printedOn: w.day(today) }, i === 0);
    sink.progress?.(i + 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  doc.end();
  await done;
}
