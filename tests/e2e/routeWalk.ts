import type { Locator, Page } from 'playwright-core';
import { WEB_ROUTES } from '@/domain/common/webRoutes';
import { ADMIN, type E2e } from './harness.js';

/**
 * What every route a person may open must hold at a phone's size: it fits the width, holds still
 * while it loads, offers controls a thumb can tap and cuts no title or tab. The walk that opens
 * the routes is the pseudo-locale's (pseudoWalk.ts): each page's load was the walks' cost, so one
 * walk makes both kinds of checks (docs/decisions/0247).
 */

/** A common phone's viewport. */
export const PHONE = { width: 390, height: 844 };
/** The smallest tap target the platform guidelines allow (Apple: 44 pt; WCAG 2.5.5: 44 CSS px). */
const THUMB = 44;
/** Google's bound of a good Cumulative Layout Shift: content that jumps while one reads it. */
export const STILL = 0.1;

/** The routes without a parameter that only a signed-in person opens. */
export const SIGNED_IN_PATHS = WEB_ROUTES.filter(
  (p) => !p.includes(':') && !['/', '/register', '/forgot-password', '/privacy', '/terms'].includes(p),
);

/** A page at a phone's size that sums the layout shifts Chromium reports (CLS) since the last reset. */
export async function phonePage(e2e: E2e): Promise<Page> {
  const page = await e2e.newPage();
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.shifted += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

export const shiftedOn = (page: Page) => page.evaluate(() => (window as unknown as { shifted: number }).shifted);

/**
 * The global a walk's page may define (pseudoWalk.ts): lays the page's texts out in English and
 * answers what puts them back. The size checks measure within it, in one synchronous step (the
 * app's code never sees the English texts), so that they measure what they measure in English:
 * the pseudo-locale's longer words make a link or a tab wider and a wrapped label taller, and a
 * control too small in English would pass (docs/decisions/0247). On a page without it, a no-op.
 */
export const ENGLISH_LAYOUT = 'flockEnglishLayout';

/** One API call as the administrator; answers the envelope's data. */
export async function adminCall(e2e: E2e, path: string) {
  const call = async (p: string, init: RequestInit = {}) => (await (await fetch(`${e2e.url}/api${p}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return call(path, { headers: { Authorization: `Bearer ${token}` } });
}

export const userId = async (e2e: E2e, email: string) =>
  (await adminCall(e2e, `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(email)}`)).id as string;

/** The routes that show one record, with the demo's first department, zone and center. */
export async function recordRoutes(e2e: E2e) {
  const [department] = await adminCall(e2e, '/Department/GetAllDepartment?PageSize=1');
  const [zone] = await adminCall(e2e, '/CIHZone/GetAll?PageSize=1');
  const [center] = await adminCall(e2e, '/Center/GetAll?PageSize=1');
  return [
    `/profile/${await userId(e2e, 'member@example.org')}`,
    `/departments/view/${encodeURIComponent(department.departmentName)}/${department.id}/${department.hodId}`,
    `/cih/zones/zone-members/${zone.id}`,
    `/cih/zones/view-centers/${zone.id}`,
    `/cih/zones/center/${center.id}`,
    `/cih/centers/center/${center.id}`,
    `/cih/reports/centers/${zone.id}/${encodeURIComponent(zone.zoneName ?? zone.name ?? 'zone')}`,
  ];
}

/**
 * Opens a route within the app, as its menu would (no reload), and waits until it has drawn what
 * it loads: no request in flight, no spinner and no skeleton left.
 */
export async function open(page: Page, path: string, inFlight: () => number) {
  await page.evaluate((to) => {
    (window as unknown as { shifted: number }).shifted = 0;
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page, inFlight);
}

/**
 * Waits until the screen has drawn and nothing loads: no request in flight, no spinner and no
 * skeleton, twice in a row. A route's screen may draw nothing at all for a moment (its access
 * check pending, its module resolving) with nothing in flight: settled is then not yet drawn. The
 * screen is the signed-in layout's content, or the whole app on a public page.
 */
async function settle(page: Page, inFlight: () => number) {
  const spinner = '[role="progressbar"], .MuiSkeleton-root';
  await page.waitForFunction(() => {
    const screen = document.getElementById('main-content') ?? document.getElementById('root');
    return (screen?.innerText ?? '').trim() !== '';
  });
  await page.waitForFunction((s) => !document.querySelector(s), spinner);
  // Settled twice in a row: a request that ended may start the next one (a list after its filters).
  for (let settled = 0; settled < 2;) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const busy = inFlight() > 0 || (await page.locator(spinner).count()) > 0;
    settled = busy ? 0 : settled + 1;
    if (busy) await page.waitForFunction((s) => !document.querySelector(s), spinner);
  }
}

/** Wider than the phone, or content that jumped while the route loaded. */
async function misfit(page: Page) {
  const { width, viewport, shifted } = await page.evaluate((english) => {
    const back = (window as unknown as Record<string, (() => () => void) | undefined>)[english]?.();
    try {
      return {
        width: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        shifted: (window as unknown as { shifted: number }).shifted,
      };
    } finally {
      back?.();
    }
  }, ENGLISH_LAYOUT);
  const found: string[] = [];
  if (width > viewport) found.push(`${width} px wide`);
  if (shifted >= STILL) found.push(`layout shift ${shifted.toFixed(3)}`);
  for (const control of await outside(page, 'english')) found.push(control);
  return found;
}

/**
 * Every visible control that lies, wholly or in part, left or right of the screen where no
 * scrolling brings it: a row of buttons aligned to its end that overflows does so past the left
 * edge, which the page's scroll width does not count. A control inside a box that scrolls
 * sideways (a row of tabs) is reached by scrolling that box, and is left out. Measured in English
 * (ENGLISH_LAYOUT) or in the texts the page shows.
 */
export function outside(page: Page, layout: 'english' | 'as shown') {
  return page.evaluate(
    (english) => {
      const back = english ? (window as unknown as Record<string, (() => () => void) | undefined>)[english]?.() : undefined;
      try {
        return controlsOutside();
      } finally {
        back?.();
      }
      function controlsOutside() {
        const found: string[] = [];
        const scrolls = (el: Element | null): boolean => {
          for (let box = el?.parentElement; box && box !== document.body; box = box.parentElement) {
            const { overflowX } = getComputedStyle(box);
            if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth) return true;
          }
          return false;
        };
        for (const el of document.querySelectorAll('a[href], button, [role="button"], input:not([type="hidden"]), [role="combobox"]')) {
          if (el.closest('[aria-hidden="true"], [inert]') || el.classList.contains('MuiSelect-nativeInput')) continue;
          const rect = el.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0 || rect.bottom + window.scrollY <= 0) continue;
          if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          if (rect.left > -1 && rect.right < window.innerWidth + 1) continue;
          if (scrolls(el)) continue;
          const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
          found.push(
            `${el.getAttribute('role') ?? el.tagName.toLowerCase()} '${name}' at ${Math.round(rect.left)} to ${Math.round(rect.right)} px, outside the screen`,
          );
        }
        return found;
      }
    },
    layout === 'english' ? ENGLISH_LAYOUT : '',
  );
}

/**
 * Every visible control of the page smaller than THUMB in either direction, named by its kind and
 * text. A control is measured by what a thumb taps: a checkbox or switch by its label (or its
 * button when it has none), a text field or select by its input's frame (a tap anywhere on it
 * focuses the input), a date field by its frame rather than its month, day and year sections.
 */
function tooSmall(page: Page) {
  return page.evaluate(
    ([min, english]) => {
      const back = (window as unknown as Record<string, (() => () => void) | undefined>)[english]?.();
      try {
        return smallControls();
      } finally {
        back?.();
      }
      function smallControls() {
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
          '[role="menuitem"]',
          '[role="menuitemcheckbox"]',
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
      }
    },
    [THUMB, ENGLISH_LAYOUT] as const,
  );
}

/**
 * Words the page cuts: the app bar's title when it is clipped (an ellipsis, or lines hidden), and
 * a row of tabs whose first tab is not wholly in view.
 */
function cutWords(page: Page) {
  return page.evaluate((english) => {
    const back = (window as unknown as Record<string, (() => () => void) | undefined>)[english]?.();
    try {
      return cut();
    } finally {
      back?.();
    }
    function cut() {
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
    }
  }, ENGLISH_LAYOUT);
}

/** A list's filters wait behind react-admin's 'Add filter' button on a phone; at most this many are opened on one list. */
const MAX_FILTERS = 20;

type FiltersFound = { opened: string[]; missing: string[]; tooSmall: Set<string> };

/**
 * Opens every filter a list holds behind 'Add filter', as a person would: a tap on the button,
 * then one on a filter's menu item, until the menu offers none. A page may hold several lists
 * (a center's attendance, reports and inspections), each with its button. Answers the filters
 * opened, the menu items whose filter did not appear in a list's filter form, and the controls
 * too small or outside the screen among the menus' items and the filters shown. A page without
 * the button answers nothing.
 */
async function openFilters(page: Page, inFlight: () => number, addFilter: string) {
  const found: FiltersFound = { opened: [], missing: [], tooSmall: new Set() };
  const buttons = page.getByRole('button', { name: addFilter, exact: true });
  const lists = await buttons.count();
  for (let list = 0; list < lists; list++) {
    const before = found.opened.length;
    // A button in a tab panel not shown, or a list that turned to its empty state, offers nothing.
    await settle(page, inFlight);
    if (!(await buttons.nth(list).isVisible())) continue;
    const offered = await openListFilters(page, buttons.nth(list), found, inFlight);
    // A menu that offered filters is a promise: one whose filters never showed is a finding.
    if (offered && found.opened.length === before) found.missing.push(`list ${list + 1}'s 'Add filter' opened no filter`);
  }
  if (lists) await settle(page, inFlight);
  for (const control of [...(await tooSmall(page)), ...(await outside(page, 'english'))]) found.tooSmall.add(control);
  return { ...found, tooSmall: [...found.tooSmall] };
}

/** Opens one list's filters in turn; answers whether its menu offered any. */
async function openListFilters(page: Page, addFilter: Locator, found: FiltersFound, inFlight: () => number) {
  let offered = false;
  for (let opened = 0; opened < MAX_FILTERS; opened++) {
    // The list reloads under the filter just added: a person taps again once it has.
    await settle(page, inFlight);
    // The list may have gone (an empty list shows its empty state instead, toolbar and all).
    if (!(await addFilter.isVisible())) return offered;
    const menu = await openMenu(page, addFilter);
    // The menu grows in from three quarters of its size: measure it once it has (what a thumb meets).
    // (An animation cut short rejects its promise: settled is enough.)
    await menu.evaluate((el) =>
      Promise.allSettled((el.closest('.MuiPaper-root') ?? el).getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    for (const control of [...(await tooSmall(page)), ...(await outside(page, 'english'))]) found.tooSmall.add(control);
    // A filter's item is a checkbox that names its source, checked while the filter shows; the
    // others are the saved queries' items.
    const next = menu.locator('[role="menuitemcheckbox"][aria-checked="false"][data-key]').first();
    if (!(await next.count())) {
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      return offered;
    }
    offered = true;
    const source = (await next.getAttribute('data-key'))!;
    const label = (await next.innerText()).trim();
    // Several lists of a page may filter by the same source: the new one is one more of them.
    const field = `.filter-field[data-source="${source}"]`;
    const before = await page.locator(field).count();
    if (await tapUntilShown(page, addFilter, source, field, before)) found.opened.push(label);
    else found.missing.push(`'${label}' (${source}) did not appear`);
  }
  return offered;
}

/** Tries a person makes before a filter that does not show is a finding. */
const FILTER_TAPS = 3;

/**
 * Taps a filter's menu item (the menu is open) and waits for its field. A tap a busy phone lost
 * (the list redrawing under the menu) leaves the item unchecked: the person opens the menu and
 * taps it again, at most FILTER_TAPS times. An item checked whose field never shows is a finding.
 */
async function tapUntilShown(page: Page, addFilter: Locator, source: string, field: string, before: number) {
  const menu = page.getByRole('menu');
  const item = menu.locator(`[role="menuitemcheckbox"][aria-checked="false"][data-key="${source}"]`);
  for (let tap = 1; tap <= FILTER_TAPS; tap++) {
    if (!(await menu.isVisible())) {
      await openMenu(page, addFilter);
      // Checked since: the earlier tap took, and the field is what is late.
      if (!(await item.count())) {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        break;
      }
    }
    await item.click();
    // A tap lost with the menu still open: the item is tapped again.
    if (!(await within(menu.waitFor({ state: 'hidden', timeout: TAP_WAIT })))) continue;
    const shown = await within(fieldCountAbove(page, field, before, TAP_WAIT));
    if (shown) return within(page.locator(field).nth(before).waitFor());
  }
  // The last word: the field may still come, as a person waits a little longer.
  return within(fieldCountAbove(page, field, before));
}

/** How long a person waits for a tap's effect before tapping again. */
const TAP_WAIT = 10_000;

/** Whether what is awaited came (a timeout is an answer, not an error). */
const within = (wait: Promise<unknown>) =>
  wait.then(
    () => true,
    () => false,
  );

const fieldCountAbove = (page: Page, field: string, before: number, timeout?: number) =>
  page.waitForFunction(([f, n]) => document.querySelectorAll(f as string).length > (n as number), [field, before] as const, {
    timeout,
  });

/**
 * Taps a list's 'Add filter' until its menu shows: a tap a busy phone lost is tapped again, at
 * most FILTER_TAPS times; a button that never opens its menu is a finding.
 */
async function openMenu(page: Page, addFilter: Locator) {
  const menu = page.getByRole('menu');
  for (let tap = 1; tap <= FILTER_TAPS; tap++) {
    // A menu that came late is there now: no second tap on a covered button.
    if (await menu.isVisible()) return menu;
    await addFilter.click();
    if (await within(menu.waitFor({ timeout: TAP_WAIT }))) return menu;
  }
  throw new Error(`'Add filter' opened no menu after ${FILTER_TAPS} taps`);
}

/** What the phone checks found on the routes walked, each kind one line a finding, and the filters opened by route. */
export type PhoneFindings = {
  misfits: string[];
  tooSmall: string[];
  cut: string[];
  filtersMissing: string[];
  filtersOpened: Record<string, string[]>;
};

export const noPhoneFindings = (): PhoneFindings => ({ misfits: [], tooSmall: [], cut: [], filtersMissing: [], filtersOpened: {} });

/**
 * The phone checks of the route `at`, just opened and settled: what does not fit, what moved,
 * what is too small, what is cut; then every filter behind each list's 'Add filter' button (named
 * `addFilter` in the page's language) is opened, and the filters that did not appear and the
 * controls too small among them are added, so that a failure names every one of them.
 */
export async function checkOnPhone(page: Page, at: string, inFlight: () => number, addFilter: string, found: PhoneFindings) {
  for (const line of await misfit(page)) found.misfits.push(`${at}: ${line}`);
  for (const control of await tooSmall(page)) found.tooSmall.push(`${at}: ${control}`);
  for (const words of await cutWords(page)) found.cut.push(`${at}: ${words}`);
  // A list whose filters cannot be opened is a finding of its route, not the end of the walk.
  const filters = await openFilters(page, inFlight, addFilter).catch((err: Error) => ({
    opened: [],
    tooSmall: [],
    missing: [`the filters could not be opened: ${err.message.split('\n')[0]}`],
  }));
  if (filters.opened.length) found.filtersOpened[at] = filters.opened;
  for (const control of filters.tooSmall) found.tooSmall.push(`${at} filters: ${control}`);
  for (const filter of filters.missing) found.filtersMissing.push(`${at}: ${filter}`);
}
