// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { StatementsPage } from './StatementsPage';

const api = fakeApi();
afterEach(() => vi.restoreAllMocks());

const STATEMENTS = [
  { giverId: 'g1', giverName: 'Ada Alpha', language: 'en', lines: [], totals: [], grandTotals: [{ currency: 'NGN', amount: 160_000 }] },
  { giverId: 'g2', giverName: 'Bisi Beta', language: 'fr', lines: [], totals: [], grandTotals: [{ currency: 'NGN', amount: 70_000 }] },
];

/**
 * The download is a file read as it comes (not through the data provider): the test answers it
 * with a stream it feeds line by line, and keeps the names of the files handed to the browser.
 */
function streamedDownload() {
  const names: string[] = [];
  const urls: string[] = [];
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/Giving/DownloadStatements')) return realFetch(input, init);
    urls.push(url);
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:statements');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const send = (...lines: object[]) => feed.enqueue(new TextEncoder().encode(lines.map((l) => `${JSON.stringify(l)}\n`).join('')));
  return { names, urls, send, end: () => feed.close() };
}

const lastYear = new Date().getFullYear() - 1;

describe('giving statements', () => {
  it('shows the givers of the period, then makes the PDF with its progress told giver by giver', async () => {
    signInWith(['CAN_VIEW_GIVING']);
    api.on('GET /Giving/GetStatements', () => ok(STATEMENTS));
    const download = streamedDownload();
    renderScreen(<StatementsPage />, { path: '/giving/statements' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the givers' }));
    expect(await screen.findByText('Ada Alpha')).toBeTruthy();
    expect(screen.getByText('2 givers in this period')).toBeTruthy();
    expect(api.callsTo('GET /Giving/GetStatements')[0].query).toEqual({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31` });
    // A reader of giving who does not count sees no mail button.
    expect(screen.queryByRole('button', { name: 'Mail to givers' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    download.send({ total: 2 }, { pdf: btoa('%PDF-1.4\n') }, { done: 1 });
    expect(await screen.findByText('Statement 1 of 2 made')).toBeTruthy();
    download.send({ pdf: btoa('%%EOF\n') }, { done: 2 }, { end: true, givers: 2, fileName: 'giving-statements.pdf' });
    download.end();
    await waitFor(() => expect(download.names).toEqual(['giving-statements.pdf']));
    expect(download.urls[0]).toContain(`From=${lastYear}-01-01&To=${lastYear}-12-31&Format=progress`);
  });

  it('mails each giver theirs once asked twice, and says how many went and how many get none', async () => {
    signInWith(['CAN_VIEW_GIVING', 'CAN_CREATE_GIVING']);
    api.on('GET /Giving/GetStatements', () => ok(STATEMENTS));
    api.on('POST /Giving/MailStatements', () => ok({ givers: 2, mailed: 1, withoutConsent: 1 }));
    renderScreen(<StatementsPage />, { path: '/giving/statements' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the givers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mail to givers' }));
    expect(api.callsTo('POST /Giving/MailStatements')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Mail 2 givers their statements' }));
    expect(await screen.findByText(/1 statement of 2 mailed\./)).toBeTruthy();
    expect(screen.getByText(/1 giver gets no mail/)).toBeTruthy();
    expect(api.callsTo('POST /Giving/MailStatements')[0].body).toEqual({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31` });
  });

  it('lets a counter who does not read giving mail without seeing who gave what', async () => {
    signInWith(['CAN_CREATE_GIVING']);
    renderScreen(<StatementsPage />, { path: '/giving/statements' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the givers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mail to givers' }));
    expect(screen.getByRole('button', { name: 'Mail each giver of the period their statement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(api.callsTo('GET /Giving/GetStatements')).toHaveLength(0);
  });
});

describe("one family's statement (docs/decisions/0244)", () => {
  it('is asked for by the family chosen, and listed by its name', async () => {
    signInWith(['CAN_VIEW_GIVING']);
    const family = { giverId: null, householdId: 'h1', giverName: 'Okafor family', language: 'en', lines: [], totals: [] };
    api.on('GET /Giving/GetStatements', () => ok([{ ...family, grandTotals: [{ currency: 'NGN', amount: 280_000 }] }]));
    api.on('GET /Households/GetAll', () => rows([{ id: 'h1', name: 'Okafor family', address: null, head: null, members: 3 }]));
    renderScreen(<StatementsPage />, { path: '/giving/statements' });
    fireEvent.click(await screen.findByRole('radio', { name: 'One family (its gifts in its name)' }));
    const show = screen.getByRole('button', { name: 'Show the givers' }) as HTMLButtonElement;
    expect(show.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: /^Family/ }), { target: { value: 'Okafor' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Okafor family' }));
    fireEvent.click(show);
    expect(await screen.findByText('Okafor family')).toBeTruthy();
    expect(api.callsTo('GET /Giving/GetStatements')[0].query).toEqual({
      from: `${lastYear}-01-01`,
      to: `${lastYear}-12-31`,
      householdId: 'h1',
    });
  });
});
