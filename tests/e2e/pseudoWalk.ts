import type { Page } from 'playwright-core';
import { LANGUAGES } from '@/domain/common/languages';
import type { E2e } from './harness.js';
import { signIn } from './pages.js';
import { CLOSE, LONGER, OPEN, PSEUDO_GLOBAL, pseudoMessages, pseudoText } from './pseudoLocale.js';
import { ENGLISH_LAYOUT, checkOnPhone, noPhoneFindings, open, outside, phonePage } from './routeWalk.js';

/**
 * The pseudo-locale walk (docs/decisions/0237): every route a person may open, at a phone's
 * size, with every catalogue text wrapped in ⟦ ⟧ and 40% longer. What a route shows that is
 * neither wrapped nor data is a text that did not come from a catalogue, which no translation
 * can reach; a route wider than the phone with the longer texts is a layout that only fits English.
 * Signed in, the same walk makes the phone checks of each route (routeWalk.ts), measured in
 * English: one load of each route for both (docs/decisions/0247).
 */

/**
 * Words on screen that are data, not texts of the app (the allowlist). Besides these, a word is
 * data when the API sent it (a name, a department, a fund, a note someone wrote: whatever the
 * page fetched), when it is a number, an amount, a date or a time, or an email address.
 */
const DATA_WORDS = new Set([
  // the app's name, configured (APP_NAME), never translated
  'flock',
  // each language is named in its own words in the language pickers (domain/common/languages.ts)
  ...LANGUAGES.map((l) => l.name.toLowerCase()),
]);

/**
 * English's month and weekday names, long and short, and a time's am/pm: dates written with Intl's
 * en-GB; and the words of a relative time ('3 hours ago', 'yesterday', 'now'), which Intl writes in
 * the reader's language (the audit log's times, src/areas/auditTrail/auditFormat.ts).
 */
function dateWords(): string[] {
  const words = new Set<string>(['am', 'pm', 'at']);
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const unit of ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const) {
    for (const value of [-2, -1, 0, 1, 2]) {
      for (const word of relative.format(value, unit).split(' ')) words.add(word.toLowerCase());
    }
  }
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2026, month, 1));
    for (const style of ['long', 'short'] as const) {
      words.add(day.toLocaleString('en-GB', { month: style, timeZone: 'UTC' }).toLowerCase());
    }
  }
  for (let d = 0; d < 7; d++) {
    const day = new Date(Date.UTC(2026, 0, 4 + d));
    for (const style of ['long', 'short'] as const) {
      words.add(day.toLocaleString('en-GB', { weekday: style, timeZone: 'UTC' }).toLowerCase());
    }
  }
  return [...words];
}

/** A word as the checks compare it: no punctuation around it, lower case. */
const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();

/** Every word of every string in an API answer. */
function wordsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    for (const word of value.split(/[\s,;:/()|]+/)) {
      const w = bare(word);
      if (w) into.add(w);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) wordsOf(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) wordsOf(item, into);
  }
}

/**
 * The visible texts of the page that are not the catalogue's: each text node with the wrapped
 * runs taken out (a run may begin or end in another node: a label and its required mark), what
 * is left split into words, and each word neither data nor punctuation named with its node's text.
 */
function strayTexts(page: Page, data: string[]) {
  return page.evaluate(
    ([allowed, open, close]) => {
      const known = new Set(allowed);
      const strip = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();
      const pair = new RegExp(`${open}[^${open}${close}]*${close}`, 'g');
      const isData = (word: string) =>
        !word ||
        known.has(word) ||
        // numbers, amounts, dates and times as Intl writes them (1,250.00, 27/11/2026, 18:00, 3rd, 12k)
        /^[\p{N}]/u.test(word) ||
        // an email address or a user name with a dot or digits
        /@/.test(word);
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // A date field's sections: its value's digits, or while empty its format's letters (MM/DD/YYYY,
        // JJ/MM/AAAA), which the pickers' own locale writes (src/areas/profile/ProfilePage.tsx).
        if (parent.closest('.MuiPickersSectionList-root')) continue;
        let rest = text;
        for (let before = ''; before !== rest;) [before, rest] = [rest, rest.replace(pair, ' ')];
        // a run that began in an earlier node ends here, or one that begins here ends in a later node
        rest = rest.replace(new RegExp(`^[^${open}]*${close}`), ' ').replace(new RegExp(`${open}[^${close}]*$`), ' ');
        const raw = rest.split(/[\s/()|]+/).filter((w) => strip(w));
        const stray = raw.filter((w) => !isData(strip(w)) && !(/^\p{Lu}{1,3}$/u.test(w) && parent.closest('.MuiAvatar-root')));
        if (stray.length) found.push(`'${text.slice(0, 80)}' (${stray.slice(0, 4).join(' ')})`);
      }
      return [...new Set(found)];
    },
    [data, OPEN, CLOSE] as const,
  );
}

/** Wider than the phone with the longer texts, or controls pushed past its edges. */
async function overflows(page: Page) {
  const found: string[] = [];
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()!.width;
  if (width > viewport) found.push(`${width} px wide`);
  found.push(...(await outside(page, 'as shown')));
  return found;
}

/**
 * A phone page that reads the pseudo-locale from its first script on, and counts its requests
 * and the API answers it has yet to read, so that the walk waits for both; every word the API
 * sent is kept as data.
 */
async function pseudoPage(e2e: E2e) {
  const page = await phonePage(e2e);
  const data = new Set<string>([...DATA_WORDS, ...dateWords()]);
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfailed', () => inFlight--);
  page.on('requestfinished', async (request) => {
    try {
      const response = await request.response();
      if (new URL(request.url()).pathname.startsWith('/api/') && response?.headers()['content-type']?.includes('json')) {
        wordsOf(await response.json(), data);
      }
    } catch {
      // an answer the page navigated away from: its words were never shown
    } finally {
      inFlight--;
    }
  });
  return { page, data, inFlight: () => inFlight };
}

/** The pseudo-locale's checks of the route `at`, just opened and settled. */
async function checkPseudo(page: Page, at: string, data: Set<string>, found: { stray: string[]; overflow: string[] }) {
  for (const text of await strayTexts(page, [...data])) found.stray.push(`${at}: ${text}`);
  for (const line of await overflows(page)) found.overflow.push(`${at}: ${line}`);
}

/** Opens `paths` in turn within the app, and calls `check` on each route not yet checked; answers how many were. */
async function walk(page: Page, inFlight: () => number, paths: string[], check: (at: string) => Promise<void>) {
  const visited = new Set<string>();
  for (const path of paths) {
    await open(page, path, inFlight);
    const at = new URL(page.url()).pathname;
    if (visited.has(at)) continue;
    visited.add(at);
    await check(at);
  }
  return visited.size;
}

/**
 * The pseudo-locale's messages, put on every page of the walk before the app's code runs, and
 * the English layout the phone checks measure in (ENGLISH_LAYOUT, routeWalk.ts).
 */
async function readPseudo(page: Page) {
  await page.addInitScript(
    ([name, messages]) => {
      (window as unknown as Record<string, unknown>)[name] = messages;
    },
    [PSEUDO_GLOBAL, pseudoMessages()] as [string, Record<string, unknown>],
  );
  await page.addInitScript(englishLayout, [ENGLISH_LAYOUT, OPEN, CLOSE, LONGER] as const);
}

/**
 * Defines the page's ENGLISH_LAYOUT: every text node's wrapped runs written back in English (the
 * brackets taken out, and each word that pseudoText lengthened cut back to its English letters;
 * a run may begin in one node and end in a later one), and a function that puts them back. Data
 * inside a run (a placeholder's value) was not lengthened and is left as it is.
 */
function englishLayout([name, open, close, longer]: readonly [string, string, string, number]) {
  const shorten = (word: string) => {
    for (let letters = 1; letters < word.length; letters++) {
      const extra = Math.ceil(letters * longer);
      if (letters + extra > word.length) break;
      if (letters + extra === word.length) {
        const last = word[letters - 1];
        return [...word.slice(letters)].every((c) => c === last) ? word.slice(0, letters) : word;
      }
    }
    return word;
  };
  const brackets = new RegExp(`([${open}${close}])`);
  (window as unknown as Record<string, unknown>)[name] = () => {
    const changed: Array<[Text, string]> = [];
    let inRun = false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.nodeValue ?? '';
      if (!inRun && !text.includes(open) && !text.includes(close)) continue;
      let english = '';
      for (const part of text.split(brackets)) {
        if (part === open) inRun = true;
        else if (part === close) inRun = false;
        else english += inRun ? part.replace(/\p{L}+/gu, shorten) : part;
      }
      changed.push([node, text]);
      node.nodeValue = english;
    }
    return () => {
      for (const [node, text] of changed) node.nodeValue = text;
    };
  };
}

/** The public pages in the pseudo-locale, as someone not signed in meets them. */
export async function walkPublic(e2e: E2e, paths: string[]) {
  const { page, data, inFlight } = await pseudoPage(e2e);
  await readPseudo(page);
  await page.goto(`${e2e.url}/privacy`);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${e2e.url}/`);
  await page.locator('#login-shell').waitFor({ state: 'detached' });
  const found = { stray: [] as string[], overflow: [] as string[] };
  const visited = await walk(page, inFlight, paths, (at) => checkPseudo(page, at, data, found));
  await page.close();
  return { stray: found.stray.join('\n'), overflow: found.overflow.join('\n'), visited };
}

/**
 * Signs `email` in (in English: the walk's helpers find the form by its English labels), then
 * reloads the app in the pseudo-locale and opens `paths` in turn within it; on each route, the
 * pseudo-locale's checks, then the phone's (which open the lists' filters, so come second).
 * Answers each kind of finding one line a finding, the filters opened by route, and the routes visited.
 */
export async function walkSignedIn(e2e: E2e, email: string, password: string, paths: string[]) {
  const { page, data, inFlight } = await pseudoPage(e2e);
  await signIn(page, e2e.url, email, password);
  await readPseudo(page);
  await page.reload();
  await page.waitForFunction((open) => document.body.innerText.includes(open), OPEN);
  const pseudo = { stray: [] as string[], overflow: [] as string[] };
  const phone = noPhoneFindings();
  const addFilter = pseudoText('Add filter');
  const visited = await walk(page, inFlight, ['/overview', ...paths], async (at) => {
    await checkPseudo(page, at, data, pseudo);
    await checkOnPhone(page, at, inFlight, addFilter, phone);
  });
  await page.close();
  const lines = (found: string[]) => found.join('\n');
  return {
    pseudo: { stray: lines(pseudo.stray), overflow: lines(pseudo.overflow) },
    phone: {
      misfits: lines(phone.misfits),
      tooSmall: lines(phone.tooSmall),
      cut: lines(phone.cut),
      filtersMissing: lines(phone.filtersMissing),
    },
    filtersOpened: phone.filtersOpened,
    visited,
  };
}

/** Texts as the pseudo-locale shows them: a plain one, one with data in it, and a run that ends in the next node (a required mark). */
export const ENGLISH_SAMPLE = [pseudoText('Add filter'), pseudoText('Welcome, %{name}').replace('%{name}', 'Ada Bell'), '⟦Nameee', ' *⟧'];

/**
 * What the English layout (ENGLISH_LAYOUT) makes of `texts`, shown in the page's text nodes in
 * turn (a run may go on in the next node), and what they are once it has put them back.
 */
async function inEnglish(page: Page, texts: string[]) {
  return page.evaluate(
    ([english, shown]) => {
      const box = document.createElement('p');
      for (const text of shown) box.append(document.createTextNode(text));
      document.body.append(box);
      const back = (window as unknown as Record<string, () => () => void>)[english]();
      const during = box.textContent;
      back();
      const after = box.textContent;
      box.remove();
      return { during, after };
    },
    [ENGLISH_LAYOUT, texts] as const,
  );
}

/**
 * The walk's own check, on a public page in the pseudo-locale with what it must find put in: a
 * stray English text beside data it must let pass, and a box wider than the phone.
 */
export async function checkTheChecks(e2e: E2e) {
  const { page, data } = await pseudoPage(e2e);
  await readPseudo(page);
  await page.goto(`${e2e.url}/privacy`);
  await page.locator('#login-shell').waitFor({ state: 'detached' });
  const before = { stray: await strayTexts(page, [...data]), overflow: await overflows(page) };
  await page.evaluate(() => {
    const add = (html: string) => document.body.insertAdjacentHTML('beforeend', html);
    add('<p>Stray words</p>');
    add('<p>Flock · 12 March 2026, 18:00 · ada@example.org · ₦1,500.50 · Français</p>');
    add('<div style="width: 600px">⟦Wide⟧</div>');
  });
  const after = { stray: await strayTexts(page, [...data]), overflow: await overflows(page) };
  const english = await inEnglish(page, [...ENGLISH_SAMPLE]);
  await page.close();
  return { before, after, english };
}
