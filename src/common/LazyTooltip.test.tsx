// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './LazyTooltip';

// docs/decisions/0258
describe('the lazy tooltip', () => {
  it('names its control by the title and mounts no tooltip until a mouse hovers it; a touch shows none', async () => {
    render(
      <LazyTooltip title="Refresh">
        <button type="button">↻</button>
      </LazyTooltip>,
    );
    const control = screen.getByRole('button', { name: 'Refresh' });
    expect(document.querySelector('.MuiTooltip-popper')).toBeNull();

    fireEvent.pointerEnter(control, { pointerType: 'touch' });
    fireEvent.mouseOver(control);
    expect(document.querySelector('.MuiTooltip-popper')).toBeNull();

    fireEvent.pointerEnter(control, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh');
    fireEvent.pointerLeave(control, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('keeps the name the control gives itself and still calls its own handlers', () => {
    let entered = 0;
    render(
      <LazyTooltip title="Unread: 3">
        <button type="button" aria-label="3 unread notifications" onPointerEnter={() => entered++}>
          !
        </button>
      </LazyTooltip>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: '3 unread notifications' }), { pointerType: 'mouse' });
    expect(entered).toBe(1);
  });
});
