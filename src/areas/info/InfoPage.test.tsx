// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import type { FlockDataProvider } from '@/src/dataProvider';
import { i18nProvider } from '@/src/i18n';
import { PrivacyPage } from './InfoPage';

/** The privacy page states what this church decided about care notes in one's own data (docs/decisions/0236). */

afterEach(() => i18nProvider.changeLocale('en'));

function renderPrivacy(getPublicCareSettings: ReturnType<typeof vi.fn>) {
  const api = { getPublicCareSettings } as unknown as FlockDataProvider;
  render(
    <MemoryRouter>
      <AdminContext dataProvider={api} i18nProvider={i18nProvider}>
        <Suspense fallback={<p>Loading</p>}>
          <PrivacyPage />
        </Suspense>
      </AdminContext>
    </MemoryRouter>,
  );
}

const answering = (notesInOwnData: boolean) => vi.fn(async () => ({ data: { notesInOwnData } }));

describe('the privacy page', () => {
  it("says the care notes are in one's data download when the church has decided so", async () => {
    const ask = answering(true);
    renderPrivacy(ask);
    expect(await screen.findByText(/The church has decided that Download my data includes the notes about you\./)).toBeTruthy();
    expect(screen.queryByText(/does not include them/)).toBeNull();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('says they are not when the church has not', async () => {
    renderPrivacy(answering(false));
    expect(await screen.findByText(/The church has decided that Download my data does not include them\./)).toBeTruthy();
    expect(screen.queryByText(/includes the notes about you/)).toBeNull();
  });

  it('says it in French', async () => {
    await i18nProvider.changeLocale('fr');
    renderPrivacy(answering(false));
    expect(await screen.findByText(/L’église a décidé que « Télécharger mes données » ne les inclut pas\./)).toBeTruthy();
  });

  it('says the rule without the decision when the decision cannot be asked', async () => {
    renderPrivacy(vi.fn(async () => Promise.reject(new HttpError('offline', 0))));
    expect(await screen.findByText(/Download my data includes them only if the church has decided so\./)).toBeTruthy();
    expect(screen.queryByText(/The church has decided/)).toBeNull();
  });
});
