import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WEB_ROUTES } from '@/domain/common/webRoutes';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { signIn } from './pages.js';

/** A common phone's viewport, as in phone.test.ts. */
const PHONE = { width: 390, height: 844 };
/** The smallest tap target the platform guidelines allow (Apple: 44 pt; WCAG 2.5.5: 44 CSS px). */
const THUMB = 44;

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** One API call as the administrator; answers the envelope's data. */
async function adminCall(path: string) {
  const call = async (p: string, init: RequestInit = {}) => (await (await fetch(`${e2e.url}/api${p}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return call(path, { headers: { Authorization: `Bearer ${token}` } });
}
const userId = async (email: string) =>
  (await adminCall(`/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(email)}`)).id as string;

const SIGNED_IN_PATHS = WEB_ROUTES.filter(
  (p) => !p.includes(':') && !['/', '/register', '/forgot-password', '/privacy', '/terms', '/home'].includes(p),
);

/**
 * Opens a route within the app, as its menu would (no reload), and waits until it has drawn what
 * it loads: no request in flight, no spinner and no skeleton left.
 */
async function open(page: Page, path: string, inFlight: () => number) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'));
  // Settled twice in a row: a request that ended may start the next one (a list after its filters).
  for (let settled = 0; settled < 2;) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const busy = inFlight() > 0 || (await page.locator('[role="progressbar"], .MuiSkeleton-root').count()) > 0;
    settled = busy ? 0 : settled + 1;
    if (busy) await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'));
  }
}

/**
 * Every visible control of the page smaller than THUMB in either direction, named by its kind and
 * text. A control is measured by what a thumb taps: a checkbox or switch by its label (or its
 * button when it has none), a text field or select by its input's frame (a tap anywhere on it
 * focuses the input), a date field by its frame rather than its month, day and year sections.
 */
function tooSmall(page: Page, thumb: number) {
  return page.evaluate((min) => {
    const CONTROLS = [
      'a[href]',
      'button',
      '[role="button"]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="combobox"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '.MuiTableSortLabel-root',
    ].join(',');
    const target = (el: Element): Element => {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        return el.closest('label') ?? el.closest('.MuiSwitch-root, .MuiButtonBase-root') ?? el;
      }
      return el.closest('.MuiPickersInputBase-root, .MuiInputBase-root') ?? el;
    };
    const seen = new Set<Element>();
    const found: string[] = [];
    for (const el of document.querySelectorAll(CONTROLS)) {
      // what assistive technology and pointers both skip: hidden, or a select's native stand-in
      if (el.closest('[aria-hidden="true"], [inert]') || el.classList.contains('MuiSelect-nativeInput')) continue;
      const box = target(el);
      if (seen.has(box)) continue;
      seen.add(box);
      const rect = box.getBoundingClientRect();
      // no size, or wholly above the page: a skip link waits there until it has the keyboard's focus
      if (rect.width === 0 || rect.height === 0 || rect.bottom + window.scrollY <= 0) continue;
      if (!box.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? (box as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const kind = el.getAttribute('role') ?? el.tagName.toLowerCase();
        found.push(`${kind} '${name}' ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return found;
  }, thumb);
}

/**
 * Words the page cuts: the app bar's title when it is clipped (an ellipsis, or lines hidden), and
 * a row of tabs whose first tab is not wholly in view.
 */
function cutWords(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const title = document.getElementById('react-admin-title');
    if (title && title.innerText.trim()) {
      const clipped = title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1;
      const bar = title.closest('header')?.getBoundingClientRect();
      const box = title.getBoundingClientRect();
      const outside = !!bar && (box.top < bar.top - 1 || box.bottom > bar.bottom + 1);
      if (clipped || outside) found.push(`title '${title.innerText.trim()}' is cut`);
    }
    for (const list of document.querySelectorAll('[role="tablist"]')) {
      const first = list.querySelector('[role="tab"]');
      const scroller = list.parentElement;
      if (!first || !scroller || !first.checkVisibility()) continue;
      const tab = first.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      const label = (first as HTMLElement).innerText.trim().replace(/\s+/g, ' ');
      if (tab.left < view.left - 1 || tab.right > view.right + 1) found.push(`tab '${label}' is not wholly in view`);
      if (first.scrollHeight > first.clientHeight + 1 || first.scrollWidth > first.clientWidth + 1) found.push(`tab '${label}' is cut`);
    }
    return found;
  });
}

/** Signs `email` in at a phone's size and walks `paths` within the app: what is too small and what is cut, per page. */
async function walk(email: string, password: string, paths: string[]) {
  const page = await e2e.newPage();
  await page.setViewportSize(PHONE);
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  await signIn(page, e2e.url, email, password);
  const found: string[] = [];
  const cut: string[] = [];
  const visited = new Set<string>();
  for (const path of ['/overview', ...paths]) {
    await open(page, path, () => inFlight);
    const at = new URL(page.url()).pathname;
    if (visited.has(at)) continue;
    visited.add(at);
    for (const control of await tooSmall(page, THUMB)) found.push(`${at}: ${control}`);
    for (const words of await cutWords(page)) cut.push(`${at}: ${words}`);
  }
  await page.close();
  // one line each, so that a failure lists every one of them
  return { tooSmall: found.join('\n'), cut: cut.join('\n') };
}

const DEMO_ROLES = [
  'member@example.org',
  'hod@example.org',
  'inspectorate@example.org',
  'cihpastor@example.org',
  'cihcoordinator@example.org',
  'firsttimer@example.org',
];

describe(`on a phone (${PHONE.width}x${PHONE.height}) every control is at least ${THUMB}x${THUMB} px, and no title or tab is cut`, () => {
  it.each(DEMO_ROLES)('on every route %s may open', async (email) => {
    const own = `/profile/${await userId(email)}`;
    expect(await walk(email, DEMO_PASSWORD, [...SIGNED_IN_PATHS, own])).toEqual({ tooSmall: '', cut: '' });
  });

  it('on every route the administrator may open, records included', async () => {
    const [department] = await adminCall('/Department/GetAllDepartment?PageSize=1');
    const [zone] = await adminCall('/CIHZone/GetAll?PageSize=1');
    const [center] = await adminCall('/Center/GetAll?PageSize=1');
    const withRecords = [
      `/profile/${await userId(ADMIN.email)}`,
      `/profile/${await userId('member@example.org')}`,
      `/departments/view/${encodeURIComponent(department.departmentName)}/${department.id}/${department.hodId}`,
      `/cih/zones/zone-members/${zone.id}`,
      `/cih/zones/view-centers/${zone.id}`,
      `/cih/zones/center/${center.id}`,
      `/cih/centers/center/${center.id}`,
      `/cih/reports/centers/${zone.id}/${encodeURIComponent(zone.zoneName ?? zone.name ?? 'zone')}`,
    ];
    expect(await walk(ADMIN.email, ADMIN.password, [...SIGNED_IN_PATHS, ...withRecords])).toEqual({ tooSmall: '', cut: '' });
  });
});

describe('a phone shows first what a person came to do', () => {
  it("one's own profile opens on the personal information: its first input is on the first screen", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, e2e.url, 'member@example.org', DEMO_PASSWORD);
    await page.goto(`${e2e.url}/profile/${await userId('member@example.org')}`);
    const form = page.getByRole('tabpanel');
    const first = form.locator('input:not([type="hidden"]):not([aria-hidden="true"]), [role="combobox"], [role="group"]').first();
    await first.waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Personal Information' }).getAttribute('aria-selected')).toBe('true');
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // what came before it is still there, below the forms
    await page.getByRole('button', { name: 'Download my data (JSON)' }).waitFor();
    await page.getByRole('heading', { name: 'Your privacy choices' }).waitFor();
    await page.close();
  });
});
