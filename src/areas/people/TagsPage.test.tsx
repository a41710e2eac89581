// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { TagsPage } from './TagsPage';

const api = fakeApi();

const CHOIR = { id: 't1', name: 'Choir', colour: 'blue', people: 12 };
const YOUTH = { id: 't2', name: 'Youth', colour: null, people: 1 };

function showTags(tags: unknown[]) {
  signInWith(['CAN_UPDATE_TAGS']);
  api.on('GET /Tags/GetAll', () => ok(tags));
  renderScreen(<TagsPage />, { path: '/tags' });
}

describe('the tags on people', () => {
  it('says what to do when there are none, and adds a tag with its colour', async () => {
    api.on('POST /Tags/Create', ({ body }) => ok({ ...(body as object), id: 't9', people: 0 }));
    showTags([]);
    expect(await screen.findByText(/No tags yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ushers' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Colour/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Green' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tag saved')).toBeTruthy();
    expect(api.callsTo('POST /Tags/Create').map((c) => c.body)).toEqual([{ name: 'Ushers', colour: 'green' }]);
  });

  it('shows the server’s refusal of a name in the dialog', async () => {
    api.on('PUT /Tags/Update', () => refusal(409, 'A tag with this name already exists'));
    showTags([CHOIR, YOUTH]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Youth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the tag' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'choir' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeTruthy();
    expect(api.callsTo('PUT /Tags/Update')[0].body).toEqual({ id: 't2', name: 'choir', colour: null });
  });

  it('lists each tag with how many hold it, and deletes one only after a confirmation naming them', async () => {
    api.on('DELETE /Tags/Delete', () => ok(null));
    showTags([CHOIR, YOUTH]);
    expect(await screen.findByText('12 people')).toBeTruthy();
    expect(screen.getByText('1 person')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Choir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Choir?' });
    expect(within(dialog).getByText('It comes off the 12 people who hold it.')).toBeTruthy();
    expect(api.callsTo('DELETE /Tags/Delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Tag deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Tags/Delete')[0].query).toEqual({ Id: 't1' });
  });
});
