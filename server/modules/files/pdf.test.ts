import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { judgePdf } from './pdf.js';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const pdf = (body: string) => latin1(`%PDF-1.4\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
const objectStream = (dictionary: string, filter = '/Filter /FlateDecode', data = deflateSync(latin1(`1 0 ${dictionary}`))) =>
  Buffer.concat([
    latin1(`%PDF-1.5\n5 0 obj\n<</Type /ObjStm /N 1 /First 4 ${filter}>>\nstream\r\n`),
    data,
    latin1('\r\nendstream\nendobj\n%%EOF\n'),
  ]);

describe('judgePdf', () => {
  it('finds JavaScript however its names are written', () => {
    expect(judgePdf(pdf('1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj'))).toBe('javascript');
    expect(judgePdf(pdf('1 0 obj<</OpenAction<</S/J#61vaScript/J#53 2 0 R>>>>endobj'))).toBe('javascript');
    expect(judgePdf(pdf('1 0 obj<</AA<</O<</JS 2 0 R>>>>>>endobj'))).toBe('javascript');
    expect(judgePdf(pdf('1 0 obj<</AcroForm<</XFA 2 0 R>>>>endobj'))).toBe('javascript');
  });

  it('finds embedded files and launch actions', () => {
    expect(judgePdf(pdf('1 0 obj<</Names<</EmbeddedFiles 2 0 R>>>>endobj'))).toBe('embedded-file');
    expect(judgePdf(pdf('3 0 obj<</Type/EmbeddedFile/Length 3>>stream\nabc\nendstream\nendobj'))).toBe('embedded-file');
    expect(judgePdf(pdf('1 0 obj<</OpenAction<</S/Launch/F(calc.exe)>>>>endobj'))).toBe('launch');
  });

  it('reads the dictionaries compressed in object streams, a filter given alone or in an array', () => {
    expect(judgePdf(objectStream('<</S/JavaScript/JS(x)>>'))).toBe('javascript');
    expect(judgePdf(objectStream('<</S/JavaScript/JS(x)>>', '/Filter [/FlateDecode]'))).toBe('javascript');
    expect(judgePdf(objectStream('<</Type/Page>>'))).toBe('clean');
    expect(judgePdf(objectStream('<</Type/Page>>', '', latin1('1 0 <</Type/Page>>')))).toBe('clean');
  });

  // The bomb is 1 MiB past the 32 MiB budget.
  it('refuses what it cannot read: a broken or unknown filter, an inflation beyond its budget', () => {
    expect(judgePdf(objectStream('', '/Filter /FlateDecode', latin1('garbage')))).toBe('unreadable');
    expect(judgePdf(objectStream('', '/Filter /LZWDecode', latin1('garbage')))).toBe('unreadable');
    expect(judgePdf(objectStream('', '/Filter /FlateDecode', deflateSync(Buffer.alloc(33 * 1024 * 1024))))).toBe('unreadable');
  });

  it('takes a plain PDF, and ignores what other streams (pictures, page contents) happen to hold', () => {
    expect(judgePdf(pdf('1 0 obj<</Type/Catalog/OpenAction[3 0 R/Fit]>>endobj'))).toBe('clean');
    expect(judgePdf(pdf('4 0 obj<</Subtype/Image/Filter/DCTDecode/Length 11>>stream\n/JS /Launch\nendstream\nendobj'))).toBe('clean');
  });
});
