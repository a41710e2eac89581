import type { Locator, Page } from 'playwright-core';

/** Page helpers shared by the e2e files: they act as a person would, by labels and roles. */

/** Signs in from a fresh session (pages of one browser context share local storage). */
export async function login(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/privacy`);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${baseUrl}/`);
  // The app's own form, not index.html's static copy of it: typing into the copy while the app
  // takes it over is phone.test.ts's subject, and on a loaded machine it made these sign-ins race.
  await page.locator('#login-shell').waitFor({ state: 'detached' });
  await page.getByLabel('Email or user name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the overview shows, as it does after every sign-in. */
export async function expectOverview(page: Page) {
  // A sign-in hashes the password at the production cost; on a busy machine that alone takes seconds.
  await page.waitForURL(/\/(overview|home)$/, { timeout: 30_000 });
  // Then the signed-in app's first screen: its code and first calls, which a loaded machine slows too.
  await page.getByText(/Welcome, /).waitFor({ timeout: 30_000 });
}

export async function logout(page: Page) {
  await page
    .getByRole('button', { name: /profile|account|user/i })
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage));
}

// Helpers of the church-structure e2e file, for any screen built on react-admin.

/** Signs in and waits for the overview. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string) {
  await login(page, baseUrl, username, password);
  await expectOverview(page);
}

/** Opens a page from the side menu, first opening its submenu when it is in one. */
export async function openFromMenu(page: Page, item: string, group?: string) {
  if (group) {
    const submenu = page.getByRole('menuitem', { name: group, exact: true });
    if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
  }
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Waits for a page's own heading. The router changes the address at once but keeps the last
 * screen up while the next one's code loads, so a box typed into before the heading shows may be
 * the last screen's (CI: a search typed into the zones page's box was lost with it).
 */
export async function expectHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/**
 * Fills text and number inputs by their exact labels, within a part of the page such as a dialog.
 * By role, as a label's text would carry the required mark ('Name *').
 */
export async function fillByLabel(scope: Page | Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const name = { name: label, exact: true };
    await scope.getByRole('textbox', name).or(scope.getByRole('spinbutton', name)).fill(value);
  }
}

/** Picks an option of a select or autocomplete, typing `search` into it first when given. */
export async function choose(scope: Locator, label: string, option: string | RegExp, search?: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  if (search === undefined) await box.click();
  else await box.fill(search);
  // The options open in a popup outside the scope.
  await scope.page().getByRole('option', { name: option }).first().click();
}

/** The table row that holds this text. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('row', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

/**
 * Records the texts of every toast and alert as they show: an init script of every e2e page
 * (tests/e2e/harness.ts). A toast shows for 2 s; on a loaded machine the test process can come
 * back from the click that raised it later than that, and a look at the page then finds nothing.
 */
export function recordToasts() {
  const seen: string[] = [];
  const recorded = new WeakMap<Element, Set<string>>();
  (window as unknown as { flockToasts: string[] }).flockToasts = seen;
  const record = () => {
    for (const toast of document.querySelectorAll('.RaNotification-root, [role="alert"]')) {
      const texts = recorded.get(toast) ?? new Set<string>();
      recorded.set(toast, texts);
      for (const element of [toast, ...toast.querySelectorAll('*')]) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text && !texts.has(text)) {
          texts.add(text);
          seen.push(text);
        }
      }
    }
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits for a toast or alert reading exactly `text` that showed since the page loaded; each showing is taken once. */
export async function expectToast(page: Page, text: string) {
  await page.waitForFunction((wanted) => {
    const seen = (window as unknown as { flockToasts?: string[] }).flockToasts ?? [];
    const at = seen.indexOf(wanted);
    if (at >= 0) seen.splice(at, 1);
    return at >= 0;
  }, text);
}

// Helpers of the people-administration e2e file.

/** The side menu's entries the signed-in user sees, in order (a submenu by its own name). */
export async function menuEntries(page: Page): Promise<string[]> {
  await page.getByRole('menuitem', { name: 'Overview', exact: true }).waitFor();
  return page.getByRole('menuitem').allTextContents();
}

/** Types into a list's search box and waits for the row that holds `text`. */
export async function searchList(page: Page, search: string, text = search) {
  await page.getByPlaceholder('Search').fill(search);
  await rowWith(page, text).waitFor();
}

// Helpers of the profile e2e file.

/**
 * Types a date into an MUI date field by its label: its month, day and year sections take the
 * digits in turn ('04121995' is 12 April 1995 in the month-first format of the English locale).
 */
export async function typeDate(scope: Page | Locator, label: string, digits: string) {
  const page = 'keyboard' in scope ? scope : scope.page();
  await scope.getByRole('group', { name: label, exact: true }).getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(digits, { delay: 30 });
}
