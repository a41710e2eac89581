// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { MemberList } from './MemberList';

/** The member list's photos and its printed directory (docs/decisions/0215-directory.md). */

const ADA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Okafor', email: 'ada@example.org', avatar: '1764201600000' };
const EMEKA = { id: '22222222-2222-4222-8222-222222222222', fullName: 'Emeka Nwosu', email: 'emeka@example.org', avatar: null };

const MEMBERS = 'GET /ChurchAffiliation/GetMemberQuery';
const THUMBNAIL = 'GET /Files/GetAvatarThumbnail';
const DIRECTORY = 'GET /People/GetDirectory';
const api = fakeApi();

function renderList(at = '/members-management') {
  signInWith(['CAN_VIEW_MEMBERS']);
  api.on('GET /Notification/GetAudiences', () => ok({ kinds: [], departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }));
  api.on('GET /Tags/GetAll', () => ok([]));
  api.on('GET /CustomFields/GetAll', () => ok([]));
  for (const route of ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /Department/GetAllDepartment', 'GET /AffinityGroup/GetAll']) {
    api.on(route, () => rows([]));
  }
  api.on(MEMBERS, () => rows([ADA, EMEKA]));
  api.on(THUMBNAIL, () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }));
  renderScreen(<MemberList />, { path: '/members-management', at });
}

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  // jsdom has no object URLs: keep what is handed to an image or a download link.
  URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), `blob:${blobs.length}`));
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("the member list's photos", () => {
  it("shows a person's thumbnail named by their name, and initials named likewise for one without a photo", async () => {
    renderList();
    expect(await screen.findByRole('img', { name: 'Ada Okafor' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ada Okafor' }).getAttribute('src')).toMatch(/^blob:/));
    const initials = screen.getByRole('img', { name: 'Emeka Nwosu' });
    expect(initials.textContent).toBe('EN');
    // Only a person with a photo costs a call, and only its thumbnail.
    expect(api.callsTo(THUMBNAIL).map((c) => c.query)).toEqual([{ UserId: ADA.id }]);
    expect(screen.getByRole('columnheader', { name: 'Photo' })).toBeTruthy();
  });
});

describe('the printed directory', () => {
  it('downloads the PDF of the list’s filter from a thumb-sized button', async () => {
    api.on(DIRECTORY, () =>
      HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.3').buffer as ArrayBuffer, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="directory-2026-11-27.pdf"' },
      }),
    );
    renderList(`/members-management?filter=${encodeURIComponent(JSON.stringify({ gender: 'Female', q: 'ada' }))}`);
    const button = await screen.findByRole('button', { name: 'Print directory' });
    expect(getComputedStyle(button).minHeight).toBe('44px');
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(blobs.some((b) => b.type === 'application/pdf')).toBe(true));
    const [call] = api.callsTo(DIRECTORY);
    expect(call.query).toEqual({ Gender: 'Female', Search: 'ada' });
  });

  it('prints only the selected rows, asked by id', async () => {
    api.on(DIRECTORY, () => new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } }));
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Print directory of selected' })));
    await waitFor(() => expect(api.callsTo(DIRECTORY)).toHaveLength(1));
    expect(api.callsTo(DIRECTORY)[0].query).toEqual({ Id: EMEKA.id });
  });

  it("shows the server's refusal", async () => {
    api.on(DIRECTORY, () => refusal(400, 'A printed directory holds at most 2,000 people; narrow the filter or select fewer people'));
    renderList();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Print directory' })));
    expect(
      await screen.findByText(
        'The directory could not be made: A printed directory holds at most 2,000 people; narrow the filter or select fewer people',
      ),
    ).toBeTruthy();
  });
});
