// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, renderProfile } from './testKit';

const api = fakeApi();

afterEach(() => vi.restoreAllMocks());

/**
 * The download goes to the app's own API address (a file, not an envelope, so not through the
 * data provider): its calls are answered here, the profile's reads still by the fake API.
 * Answers the URLs asked and the names of the files handed to the browser to save.
 */
function downloads(answer: (format: string) => Response) {
  const urls: string[] = [];
  const names: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('/api/Stewardship/')) return realFetch(input, init);
    urls.push(url);
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
    return answer(new URL(url, 'http://x').searchParams.get('Format')!);
  });
  URL.createObjectURL = vi.fn(() => 'blob:mine');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { urls, names };
}

describe('Download my data', () => {
  it('saves the JSON and the readable page of one’s own data under the names the server gives', async () => {
    const { urls, names } = downloads(
      (format) =>
        new Response(format === 'html' ? '<p>mine</p>' : '{}', {
          headers: { 'content-disposition': `attachment; filename="my-flock-data-2026-11-23.${format}"` },
        }),
    );
    renderProfile(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data (JSON)' }));
    await waitFor(() => expect(names).toEqual(['my-flock-data-2026-11-23.json']));
    fireEvent.click(screen.getByRole('button', { name: 'Download my data (readable page)' }));
    await waitFor(() => expect(names).toEqual(['my-flock-data-2026-11-23.json', 'my-flock-data-2026-11-23.html']));
    expect(urls).toEqual(['/api/Stewardship/DownloadMyData?Format=json', '/api/Stewardship/DownloadMyData?Format=html']);
  });

  it('says so when the download fails', async () => {
    const { names } = downloads(() => new Response(null, { status: 500 }));
    renderProfile(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data (JSON)' }));
    expect(await screen.findByText('Your data could not be downloaded. Please try again.')).toBeTruthy();
    expect(names).toEqual([]);
  });

  it('is not offered on somebody else’s profile', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS'] });
    await screen.findByRole('heading', { name: 'Ada Okafor' });
    expect(screen.queryByRole('button', { name: 'Download my data (JSON)' })).toBeNull();
  });
});
