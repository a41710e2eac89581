// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { i18nProvider } from '@/src/i18n';
import { OPTION_HEIGHT, VirtualAutocompleteInput, type Choice } from './VirtualAutocomplete';

/** The largest dropdown the app asks for: 25000 zones. */
const ZONES: Choice[] = Array.from({ length: 25000 }, (_, i) => ({ id: `z${i}`, name: `Zone ${String(i).padStart(5, '0')}` }));

function renderInput(onSubmit = vi.fn()) {
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Form onSubmit={onSubmit} record={{}}>
        <VirtualAutocompleteInput source="zoneId" choices={ZONES} />
        <button type="submit">Go</button>
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

const input = () => screen.getByRole('combobox', { name: 'CIH zone' }) as HTMLInputElement;

function open() {
  act(() => input().focus());
  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  return screen.getByRole('listbox');
}

describe('the virtualised dropdown', () => {
  it('puts only a window of the 25000 options in the page, in a list as tall as all of them', () => {
    renderInput();
    const listbox = open();
    const options = within(listbox).getAllByRole('option');
    expect(options.length).toBeGreaterThan(5);
    expect(options.length).toBeLessThan(40);
    expect(options[0].textContent).toBe('Zone 00000');
    // The last row is kept in the page for the End key.
    expect(options.at(-1)!.textContent).toBe('Zone 24999');
    const spacer = listbox.querySelector('[role="presentation"]') as HTMLElement;
    expect(spacer.style.height).toBe(`${25000 * OPTION_HEIGHT}px`);
  });

  it('renders the rows of the scrolled-to place', () => {
    renderInput();
    const listbox = open();
    listbox.scrollTop = 12000 * OPTION_HEIGHT;
    fireEvent.scroll(listbox);
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toContain('Zone 12000');
    expect(names).not.toContain('Zone 00001');
    const row = within(listbox).getByText('Zone 12000');
    expect(row.style.top).toBe(`${12000 * OPTION_HEIGHT}px`);
  });

  it('finds a far option by typing and keeps its id in the form', async () => {
    const submit = renderInput();
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'Zone 23456' } });
    fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: 'Zone 23456' }));
    expect(input().value).toBe('Zone 23456');
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toMatchObject({ zoneId: 'z23456' });
  });

  it('reaches the last option with the End key and chooses it with Enter', async () => {
    renderInput();
    open();
    fireEvent.keyDown(input(), { key: 'End' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('Zone 24999');
  });
});
