// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { FlockDataProvider } from '@/src/dataProvider';
import { i18nProvider } from '@/src/i18n';
import { EmailVerifyPage } from './EmailVerifyPage';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderPage(path: string, pattern: string, page: React.ReactElement, api: Partial<Record<string, ReturnType<typeof vi.fn>>>) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={api as unknown as FlockDataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const where = () => screen.getByTestId('where').textContent;

describe('RegisterPage', () => {
  it('signs up with the gender of the chosen title and the email normalised, then opens email-verify', async () => {
    const signUp = vi.fn(async () => ({ data: { email: 'grace@example.org' }, message: 'Registration successful' }));
    renderPage('/register', '/register', <RegisterPage />, { signUp });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Title' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mrs' }));
    type('First name', 'Grace');
    type('Last name', 'Obi');
    type('Email', ' Grace@Example.org ');
    type('Mobile number', '08030000000');
    type('Password', 'Grace-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(where()).toBe('/email-verify/grace%40example.org'));
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Mrs', gender: 'Female', firstName: 'Grace', email: 'grace@example.org', password: 'Grace-pass-1' }),
    );
  });

  it("shows the server's refusal and stays", async () => {
    const signUp = vi.fn(async () => Promise.reject(new HttpError('This email is already registered', 409)));
    renderPage('/register', '/register', <RegisterPage />, { signUp });
    type('First name', 'Grace');
    type('Last name', 'Obi');
    type('Email', 'grace@example.org');
    type('Mobile number', '0803');
    type('Password', 'Grace-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
    expect(where()).toBe('/register');
  });
});

describe('EmailVerifyPage', () => {
  it('completes with the code and returns to login', async () => {
    const validateEmailComplete = vi.fn(async () => ({ data: null, message: 'Activated' }));
    renderPage('/email-verify/ann%40example.org', '/email-verify/:email', <EmailVerifyPage />, { validateEmailComplete });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.org');
    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(validateEmailComplete).toHaveBeenCalledWith({ email: 'ann@example.org', otp: '123456' });
  });

  it('resends a verify code to the email in the form and shows the answer', async () => {
    const requestOtp = vi.fn(async () => ({ data: null, message: 'A code has been sent' }));
    renderPage('/email-verify/ann', '/email-verify/:email', <EmailVerifyPage />, { requestOtp });
    type('Email', 'ann@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A code has been sent')).toBeTruthy();
    expect(requestOtp).toHaveBeenCalledWith({ email: 'ann@example.org', purpose: 'verify' });
  });
});

describe('ResetPasswordPage', () => {
  it('refuses a confirmation that differs, then completes the reset and returns to login', async () => {
    const changePasswordComplete = vi.fn(async () => ({ data: null, message: 'Changed' }));
    renderPage('/reset-password/ann%40example.org', '/reset-password/:email', <ResetPasswordPage />, { changePasswordComplete });
    type('Verification code', '654321');
    type('New password', 'Better-pass-2');
    type('Confirm new password', 'Better-pass-3');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(changePasswordComplete).not.toHaveBeenCalled();
    type('Confirm new password', 'Better-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(changePasswordComplete).toHaveBeenCalledWith({ email: 'ann@example.org', otp: '654321', newPassword: 'Better-pass-2' });
  });
});

describe('RegisterPage: consents and privacy', () => {
  it('links the privacy page and sends the choices made, unticked ones as no', async () => {
    const signUp = vi.fn(async () => ({ data: { email: 'ngozi@example.org' }, message: 'Registration successful' }));
    renderPage('/register', '/register', <RegisterPage />, { signUp });
    expect(screen.getByRole('link', { name: 'What Flock keeps and why' }).getAttribute('href')).toBe('/privacy');
    type('First name', 'Ngozi');
    type('Last name', 'Eze');
    type('Email', 'ngozi@example.org');
    type('Mobile number', '08030000001');
    type('Password', 'Ngozi-pass-1');
    fireEvent.click(screen.getByRole('switch', { name: 'The church may contact me by email about its activities' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signUp).toHaveBeenCalled());
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({ consents: { email: true, sms: false, listing: false, age: false, greetings: false, directory: false } }),
    );
  });
});
