// @vitest-environment jsdom
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { TextField } from '@mui/material';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '@/src/i18n';
import { FormDialog } from './FormDialog';

function NameForm({ onSubmit, error }: { onSubmit: (name: string) => void; error?: string }) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      title="Name the choir"
      submitLabel="Save"
      onClose={() => {}}
      onSubmit={() => onSubmit(name)}
      ready={!!name.trim()}
      error={error}
    >
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}

const renderForm = (onSubmit: (name: string) => void, error?: string) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <NameForm onSubmit={onSubmit} error={error} />
    </AdminContext>,
  );

describe('a form dialog', () => {
  it('is named by its title, keeps its submit off until ready, and submits on Enter as on the button', () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    expect(screen.getByRole('dialog', { name: 'Name the choir' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const field = screen.getByLabelText('Name');
    fireEvent.submit(field.closest('form')!);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'Voices of Zion' } });
    expect(save.disabled).toBe(false);
    fireEvent.submit(field.closest('form')!);
    expect(onSubmit).toHaveBeenLastCalledWith('Voices of Zion');
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the server’s refusal above the fields', () => {
    renderForm(vi.fn(), 'A list with that name already exists');
    expect(screen.getByRole('alert').textContent).toBe('A list with that name already exists');
  });
});
