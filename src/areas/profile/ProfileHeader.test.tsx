// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { avatarProblem, MAX_AVATAR_BYTES } from './avatarFile';
import { fakeApi, ok, refusal } from '@/tests/support/adminScreen';
import { ADMIN_ID, biodata, guid, member, MEMBER_ID, renderProfile, sent } from './testKit';

const UPLOAD = 'POST /Files/uploadfile';

const api = fakeApi();

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

async function choose(picked: File) {
  await screen.findByRole('button', { name: 'Change photo' });
  fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [picked] } });
}

describe('the avatar checks before upload (type and size)', () => {
  it.each([
    ['photo.png', 'image/png', null],
    ['photo.JPG', 'image/jpeg', null],
    ['photo.jpeg', '', null],
    ['logo.svg', 'image/svg+xml', null],
    ['anim.gif', 'image/gif', 'avatar_invalid_type'],
    ['cv.pdf', 'application/pdf', 'avatar_invalid_type'],
    ['fake.png', 'application/pdf', 'avatar_invalid_type'],
  ])('%s (%s): %s', (name, type, problem) => {
    expect(avatarProblem({ name, type, size: 1000 })).toBe(problem);
  });

  it('takes 819200 bytes and refuses 819201', () => {
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: MAX_AVATAR_BYTES })).toBeNull();
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: MAX_AVATAR_BYTES + 1 })).toBe('avatar_too_large');
  });

  it('refuses a file of another type with its message and sends nothing', async () => {
    renderProfile(api);
    await choose(file('cv.pdf', 2000, 'application/pdf'));
    expect(await screen.findByText('cv.pdf is not a valid image file (SVG, JPEG, JPG, PNG allowed)')).toBeTruthy();
    expect(api.callsTo(UPLOAD)).toHaveLength(0);
  });

  it('refuses an 819201-byte image with its message and sends nothing', async () => {
    renderProfile(api);
    await choose(file('big.png', 819201, 'image/png'));
    expect(await screen.findByText('big.png exceeds the maximum file size (800KB)')).toBeTruthy();
    expect(api.callsTo(UPLOAD)).toHaveLength(0);
  });

  it('uploads a fitting image, then shows the new avatar', async () => {
    const provider = renderProfile(api);
    const picked = file('me.png', 4000, 'image/png');
    await choose(picked);
    api.on('GET /UserManagement/GetUserAvatar', () => ok({ fileBase64: 'iVBORw0KGgo=', contentType: 'image/png' }));
    expect(await screen.findByText('Photo updated')).toBeTruthy();
    expect(api.callsTo(UPLOAD)[0].query).toEqual({ UserId: MEMBER_ID, FileType: 'avatar' });
    const [form] = sent(api, UPLOAD);
    expect(form).toMatchObject({ UserId: MEMBER_ID, FileType: 'avatar' });
    expect(form).toHaveProperty('file');
    // jsdom's File reaches Node's fetch without its name and bytes: the file itself is checked where it leaves the screen.
    expect(provider.uploadAvatar).toHaveBeenCalledWith({ userId: MEMBER_ID, file: picked });
    const photo = await screen.findByRole('img', { name: 'Photo of Ada Okafor' });
    expect(photo.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it("shows the server's refusal of an upload", async () => {
    renderProfile(api);
    api.on(UPLOAD, () => refusal(415, 'me.png is not a valid image file (SVG, JPEG, JPG, PNG allowed)'));
    await choose(file('me.png', 4000, 'image/png'));
    expect(await screen.findByText('me.png is not a valid image file (SVG, JPEG, JPG, PNG allowed)')).toBeTruthy();
  });
});

describe('Change Role', () => {
  it("changes the member's role after 'Are you sure you want to this role?' and toasts 'Role updated'", async () => {
    const roles = [
      { id: guid(90), name: 'member' },
      { id: guid(91), name: 'hod' },
    ];
    const provider = renderProfile(api, {
      viewerId: ADMIN_ID,
      permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS', 'CAN_UPDATE_USER_MANAGEMENT'],
      fixtures: { biodata: biodata(), profiles: member(), assignableRoles: roles },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change Role' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Head of department' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await dialog.findByText('Are you sure you want to this role?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Role updated')).toBeTruthy();
    expect(api.callsTo('PUT /Admin/ChangeUserRole').map((call) => call.query)).toEqual([{ UserId: MEMBER_ID, RoleId: guid(91) }]);
    expect(provider.getList).toHaveBeenCalledWith('assignableRoles', expect.objectContaining({ pagination: { page: 1, perPage: 25000 } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
