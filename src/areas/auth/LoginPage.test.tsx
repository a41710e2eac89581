// @vitest-environment jsdom
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { i18nProvider } from '@/src/i18n';
import { LoginPage } from './LoginPage';

const NOT_ACTIVATED = 'Your profile has not been activated. Please verify your email address.';

function EmailVerifyProbe() {
  return <p>verify {useParams().email}</p>;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderLogin(login: AuthProvider['login'], path = '/') {
  const authProvider: AuthProvider = {
    login,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/" element={<LoginPage />} />
          <Route path="/email-verify/:email" element={<EmailVerifyProbe />} />
          <Route path="*" element={<p>landed</p>} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

function submit(username: string, password = 'Secret-pass-1') {
  fireEvent.change(screen.getByLabelText('Email or user name'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const where = () => screen.getByTestId('where').textContent;

describe('LoginPage', () => {
  // The fake clock also follows real time, which react-query's notifications need to flush.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the message of an unactivated profile and goes to /email-verify/{username} after 2000 ms', async () => {
    renderLogin(() => Promise.reject(new HttpError(NOT_ACTIVATED, 403)));
    submit('ann@example.org');
    expect(await screen.findByText(NOT_ACTIVATED)).toBeTruthy();
    // The delay began when the error arrived, a few real milliseconds ago.
    await act(async () => vi.advanceTimersByTime(1500));
    expect(where()).toBe('/');
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('verify ann@example.org')).toBeTruthy();
  });

  it('shows any other failure and stays on the login page', async () => {
    renderLogin(() => Promise.reject(new HttpError('Invalid username or password', 400)));
    submit('ann@example.org');
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(where()).toBe('/');
  });

  it('validates with the domain schema before calling the server', async () => {
    const login = vi.fn(async () => undefined);
    renderLogin(login);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or user name is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('returns to a same-site redirect_from after login, and to overview otherwise', async () => {
    renderLogin(async () => undefined, '/?redirect_from=%2Fmembers-management%3Fpage%3D2');
    submit('ann@example.org');
    await waitFor(() => expect(where()).toBe('/members-management?page=2'));
  });

  it('ignores a redirect_from that leaves the site', async () => {
    renderLogin(async () => undefined, `/?redirect_from=${encodeURIComponent('//evil.example/x')}`);
    submit('ann@example.org');
    await waitFor(() => expect(where()).toBe('/overview'));
  });

  describe("taking over index.html's static login form", () => {
    /** index.html's static form as the inline script shows it, with what the visitor did there. */
    function showShell(username: string, password: string, submitted: boolean) {
      const html = fs.readFileSync('index.html', 'utf8');
      document.body.insertAdjacentHTML('afterbegin', html.match(/<main id="login-shell">[\s\S]*?<\/main>/)![0]);
      document.documentElement.classList.add('flock-login');
      (document.getElementById('login-shell-username') as HTMLInputElement).value = username;
      const passwordInput = document.getElementById('login-shell-password') as HTMLInputElement;
      passwordInput.value = password;
      passwordInput.focus();
      if (submitted) document.getElementById('login-shell-form')!.dataset.submitted = 'true';
    }
    afterEach(() => document.documentElement.classList.remove('flock-login'));

    it('keeps what was typed and the focus, removes the static form, and sends a Sign in pressed meanwhile', async () => {
      showShell('ann@example.org', 'Secret-pass-1', true);
      // the sign-in stays under way, so the page stays to be looked at
      const login = vi.fn(() => new Promise<void>(() => undefined));
      renderLogin(login);
      await waitFor(() => expect(login).toHaveBeenCalledWith({ username: 'ann@example.org', password: 'Secret-pass-1' }));
      expect(document.getElementById('login-shell')).toBeNull();
      expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    });

    it('never shows two forms: the static one goes in the commit that shows the real one', async () => {
      showShell('ann', '', false);
      const seen: number[] = [];
      // Every DOM change is checked as it happens: no moment holds two fields of one label.
      const observer = new MutationObserver(() => seen.push(document.querySelectorAll('input[name="username"]').length));
      observer.observe(document.body, { childList: true, subtree: true });
      renderLogin(vi.fn(async () => undefined));
      await waitFor(() => expect((screen.getByLabelText('Email or user name') as HTMLInputElement).value).toBe('ann'));
      observer.disconnect();
      expect(seen.length).toBeGreaterThan(0);
      expect(Math.max(...seen)).toBe(1);
    });

    it('waits for Sign in when it was not pressed', async () => {
      showShell('ann', '', false);
      const login = vi.fn(async () => undefined);
      renderLogin(login);
      await waitFor(() => expect(document.getElementById('login-shell')).toBeNull());
      expect((screen.getByLabelText('Email or user name') as HTMLInputElement).value).toBe('ann');
      expect(login).not.toHaveBeenCalled();
    });
  });
});
