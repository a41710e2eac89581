// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { MemberList } from './MemberList';

/** The member list's photos and its printed directory (docs/decisions/0215-directory.md). */

const ADA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Okafor', email: 'ada@example.org', avatar: '1764201600000' };
const EMEKA = { id: '22222222-2222-4222-8222-222222222222', fullName: 'Emeka Nwosu', email: 'emeka@example.org', avatar: null };

const MEMBERS = 'GET /ChurchAffiliation/GetMemberQuery';
const THUMBNAIL = '/api/Files/GetAvatarThumbnail';
const DIRECTORY = '/api/People/GetDirectory';
const api = fakeApi();

/**
 * Files go to the app's own API address (not an envelope, so not through the data provider):
 * answered here by path, each call's query kept; the list's reads still by the fake API.
 */
let files: Record<string, () => Response> = {};
let asked: Array<{ path: string; query: Record<string, string> }> = [];
const askedOf = (path: string) => asked.filter((a) => a.path === path).map((a) => a.query);

function renderList(at = '/members-management') {
  signInWith(['CAN_VIEW_MEMBERS']);
  api.on('GET /Notification/GetAudiences', () => ok({ kinds: [], departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }));
  api.on('GET /Tags/GetAll', () => ok([]));
  api.on('GET /CustomFields/GetAll', () => ok([]));
  for (const route of ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /Department/GetAllDepartment', 'GET /AffinityGroup/GetAll']) {
    api.on(route, () => rows([]));
  }
  api.on(MEMBERS, () => rows([ADA, EMEKA]));
  files[THUMBNAIL] = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
  renderScreen(<MemberList />, { path: '/members-management', at });
}

let blobs: Blob[] = [];
let saved: string[] = [];
beforeEach(() => {
  blobs = [];
  saved = [];
  files = {};
  asked = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://x');
    const answer = files[url.pathname];
    if (!answer) return realFetch(input, init);
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
    asked.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    return answer();
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  // jsdom has no object URLs: keep what is handed to an image or a download link.
  URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), `blob:${blobs.length}`));
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("the member list's photos", () => {
  it("shows a person's thumbnail named by their name, and initials named likewise for one without a photo", async () => {
    renderList();
    expect(await screen.findByRole('img', { name: 'Ada Okafor' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ada Okafor' }).getAttribute('src') ?? '').toMatch(/^blob:/));
    const initials = screen.getByRole('img', { name: 'Emeka Nwosu' });
    expect(initials.textContent).toBe('EN');
    // Only a person with a photo costs a call, and only its thumbnail.
    expect(askedOf(THUMBNAIL)).toEqual([{ UserId: ADA.id }]);
    expect(screen.getByRole('columnheader', { name: 'Photo' })).toBeTruthy();
  });
});

const PDF_MESSAGE = 'A printed directory holds at most 2,000 people; narrow the filter or select fewer people';

describe('the printed directory', () => {
  it('downloads the PDF of the list’s filter from a thumb-sized button', async () => {
    files[DIRECTORY] = () =>
      new Response('%PDF-1.3', {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="directory-2026-11-27.pdf"' },
      });
    renderList(`/members-management?filter=${encodeURIComponent(JSON.stringify({ gender: 'Female', q: 'ada' }))}`);
    const button = await screen.findByRole('button', { name: 'Print directory' });
    expect(getComputedStyle(button).minHeight).toBe('44px');
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(saved).toEqual(['directory-2026-11-27.pdf']));
    expect(askedOf(DIRECTORY)).toEqual([{ Gender: 'Female', Search: 'ada' }]);
  });

  it('prints only the selected rows, asked by id', async () => {
    files[DIRECTORY] = () => new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Print directory of selected' })));
    await waitFor(() => expect(saved).toEqual(['directory.pdf']));
    expect(askedOf(DIRECTORY)).toEqual([{ Id: EMEKA.id }]);
  });

  it('prints a selection of every row the filter keeps by the filter, not by a thousand ids in the address', async () => {
    files[DIRECTORY] = () => new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
    renderList(`/members-management?filter=${encodeURIComponent(JSON.stringify({ gender: 'Female' }))}`);
    await screen.findByText('Ada Okafor');
    // The header's box: both rows, the list's whole total.
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Print directory of selected' })));
    await waitFor(() => expect(saved).toEqual(['directory.pdf']));
    expect(askedOf(DIRECTORY)).toEqual([{ Gender: 'Female' }]);
  });

  it("shows the server's refusal", async () => {
    files[DIRECTORY] = () =>
      new Response(JSON.stringify({ succeeded: false, message: PDF_MESSAGE }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    renderList();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Print directory' })));
    expect(await screen.findByText(`The directory could not be made: ${PDF_MESSAGE}`)).toBeTruthy();
  });
});
