// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, useTranslate } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '@/src/i18n';
import { LanguagePicker } from './LanguagePicker';

function Texts() {
  const translate = useTranslate();
  return (
    <>
      <h1>{translate('flock.auth.login')}</h1>
      <p>{translate('ra.action.save')}</p>
      <p>{translate('flock.overview.department_size', { name: 'Chorale', smart_count: 0 })}</p>
    </>
  );
}

// docs/decisions/0226-languages.md
describe('the language picker', () => {
  it('names each language in its own words and switches the screens, with react-admin’s own words and French plurals', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Texts />
        <LanguagePicker />
      </AdminContext>,
    );
    const picker = screen.getByRole('group', { name: 'Language' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['English', 'true'],
      ['Français', 'false'],
    ]);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();

    fireEvent.click(within(picker).getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Langue' }))
        .getByRole('button', { name: 'Français' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText('Enregistrer')).toBeTruthy();
    // French counts zero as one: 'membre', not 'membres'.
    expect(screen.getByText('Chorale : 0 membre')).toBeTruthy();
  });
});
