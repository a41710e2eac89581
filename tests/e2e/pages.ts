import type { Page } from 'playwright-core';

/** Page helpers shared by the e2e files: they act as a person would, by labels and roles. */

/** Signs in from a fresh session (pages of one browser context share local storage). */
export async function login(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/privacy`);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email or user name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the overview shows, as it does after every sign-in. */
export async function expectOverview(page: Page) {
  await page.waitForURL(/\/(overview|home)$/);
  await page.getByText(/Welcome, /).waitFor();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: /profile|account|user/i }).last().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage));
}
