import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** Spreadsheets built in code, for the member import's tests and benchmark. */

/** An XLSX workbook (written by ExcelJS) of a header row and rows, in one sheet. */
export async function xlsxOf(header: string[], rows: Array<Array<string | number | Date>>): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A file to zip: its bytes, or its deflated bytes with their size and CRC-32; statedSize puts another size in the headers. */
type ZipFile = { name: string; statedSize?: number } & ({ data: Buffer } | { packed: Buffer; size: number; crc: number });

/** A zip archive of deflated files; statedSize puts another size than the true one in its headers. */
function zip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const { name } = file;
    const { packed, size, crc } =
      'data' in file ? { packed: deflateRawSync(file.data), size: file.data.length, crc: crc32(file.data) } : file;
    const statedSize = file.statedSize ?? size;
    const nameBytes = Buffer.from(name);
    // The fields the local header and the central directory share: version, flags, method
    // (8, deflate), time, date (1980-01-01), CRC-32, packed and unpacked sizes, name length.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(8, 4);
    common.writeUInt16LE(0x21, 8);
    common.writeUInt32LE(crc, 10);
    common.writeUInt32LE(packed.length, 14);
    common.writeUInt32LE(statedSize, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, nameBytes, packed]);
    const tail = Buffer.alloc(14); // comment length, disk, attributes: zero; then the local header's offset
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0]), common, tail, nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Deflated parts laid end to end: each but the last flushed to a byte boundary without ending the
 * stream, so that one deflated megabyte of spaces repeated stands for many (deflating them all
 * anew would take seconds).
 */
function deflateJoined(parts: Array<{ data: Buffer; times?: number }>) {
  const packed: Buffer[] = [];
  let size = 0;
  let crc = 0;
  parts.forEach(({ data, times = 1 }, i) => {
    const last = i === parts.length - 1;
    const block = deflateRawSync(data, { finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
    for (let n = 0; n < times; n++) {
      packed.push(block);
      crc = crc32(data, crc);
      size += data.length;
    }
  });
  return { packed: Buffer.concat(packed), size, crc };
}

/**
 * A minimal XLSX workbook, zipped here rather than by ExcelJS so that its sheet can be padded:
 * the sheet's XML carries `paddingMb` megabytes of spaces, which deflate to about a thousandth of
 * their size, and `lie` states the sheet's size as 1 kB in the archive's headers.
 */
export function paddedXlsx(rows: string[][], paddingMb = 0, lie = false): Buffer {
  const column = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((cells, r) => {
      const row = cells.map((text, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${text}</t></is></c>`).join('');
      return `<row r="${r + 1}">${row}</row>`;
    })
    .join('');
  const sheet = deflateJoined([
    { data: xml(`<worksheet xmlns="${MAIN}">`) },
    { data: Buffer.alloc(1024 * 1024, 0x20), times: paddingMb },
    { data: Buffer.from(`<sheetData>${sheetRows}</sheetData></worksheet>`) },
  ]);
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet, statedSize: lie ? 1024 : sheet.size },
  ]);
}
