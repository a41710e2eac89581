// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { avatarProblem, MAX_AVATAR_BYTES } from './avatarFile';
import { ADMIN_ID, biodata, guid, member, MEMBER_ID, renderProfile } from './testKit';

// MUI forms in jsdom on a shared two-core machine: seconds per test, not milliseconds.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

async function choose(picked: File) {
  await screen.findByRole('button', { name: 'Change photo' });
  fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [picked] } });
}

describe('the avatar checks before upload (SPEC.md section 5)', () => {
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
    const api = renderProfile();
    await choose(file('cv.pdf', 2000, 'application/pdf'));
    expect(await screen.findByText('cv.pdf is not a valid image file (SVG, JPEG, JPG, PNG allowed)')).toBeTruthy();
    expect(api.uploadAvatar).not.toHaveBeenCalled();
  });

  it('refuses an 819201-byte image with its message and sends nothing', async () => {
    const api = renderProfile();
    await choose(file('big.png', 819201, 'image/png'));
    expect(await screen.findByText('big.png exceeds the maximum file size (800KB)')).toBeTruthy();
    expect(api.uploadAvatar).not.toHaveBeenCalled();
  });

  it('uploads a fitting image, then shows the new avatar', async () => {
    const api = renderProfile();
    const picked = file('me.png', 4000, 'image/png');
    await choose(picked);
    api.getUserAvatar.mockResolvedValue({ data: { fileBase64: 'iVBORw0KGgo=', contentType: 'image/png' }, message: 'Done' });
    expect(await screen.findByText('Photo updated')).toBeTruthy();
    expect(api.uploadAvatar).toHaveBeenCalledWith({ userId: MEMBER_ID, file: picked });
    const photo = await screen.findByRole('img', { name: 'Photo of Ada Okafor' });
    expect(photo.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it("shows the server's refusal of an upload", async () => {
    const api = renderProfile();
    api.uploadAvatar.mockRejectedValueOnce(new Error('me.png is not a valid image file (SVG, JPEG, JPG, PNG allowed)'));
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
    const api = renderProfile({
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
    expect(api.changeUserRole).toHaveBeenCalledWith({ userId: MEMBER_ID, roleId: guid(91) });
    expect(api.getList).toHaveBeenCalledWith('assignableRoles', expect.objectContaining({ pagination: { page: 1, perPage: 25000 } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
