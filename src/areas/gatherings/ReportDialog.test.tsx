// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { ReportDialog } from './ReportDialog';

const api = fakeApi();
const OUTREACH_ID = '00000000-0000-4000-8000-0000000000a1';

describe('the report dialog', () => {
  it('files the report with its converts typed in rows', async () => {
    signInWith(['CAN_VIEW_OUTREACH', 'CAN_UPDATE_OUTREACH']);
    api.on('POST /Outreach/CreateOutreachReport', (call) => ok({ id: 'rep1', ...(call.body as object) }));
    renderScreen(
      <ReportDialog target={{ mode: 'create', outreachRequestId: OUTREACH_ID, title: 'Estate outreach' }} onClose={() => {}} />,
      {
        path: '/outreach',
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report: Estate outreach' });
    fireEvent.change(within(dialog).getByLabelText(/^Date held/), { target: { value: '2031-06-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'First name' }), { target: { value: 'Efe' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), { target: { value: 'Ojo' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'efe@example.net' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /Outreach/CreateOutreachReport')).toHaveLength(1));
    expect(api.callsTo('POST /Outreach/CreateOutreachReport')[0].body).toMatchObject({
      outreachRequestId: OUTREACH_ID,
      dateHeld: '2031-06-06',
      detailOfConverts: [{ firstName: 'Efe', surName: 'Ojo', email: 'efe@example.net', followUp: false }],
    });
  });
});
