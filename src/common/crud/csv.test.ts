import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  const columns = [
    { source: 'name', label: 'Name' },
    { source: 'memberCount', label: 'Members' },
    { source: 'description', label: 'Description, long' },
  ];

  it('writes the headings, then each record in the columns order, lines ending CRLF', () => {
    const csv = toCsv([{ id: 'z1', name: 'Lekki Zone', memberCount: 41, description: null }], columns);
    expect(csv).toBe('Name,Members,"Description, long"\r\nLekki Zone,41,');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(toCsv([{ name: 'The "Choir", main\nhall', memberCount: 0 }], columns).split('\r\n')[1]).toBe('"The ""Choir"", main\nhall",0,');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(toCsv([{ name: '=HYPERLINK("x")', memberCount: -1, description: '@SUM(A1)' }], columns).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",-1,'@SUM(A1)`,
    );
  });
});
