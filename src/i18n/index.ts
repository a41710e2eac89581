import type { TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, type LanguageCode } from '@/domain/common/languages';
import { CATALOGUES, ENGLISH, type AreaTexts } from './catalogues';

type Texts = TranslationMessages;

/** Each language's messages once loaded: the core set, then the core set with the areas' texts. */
const cores = new Map<LanguageCode, Texts>([[DEFAULT_LANGUAGE, ENGLISH]]);
const complete = new Map<LanguageCode, Texts>();
let withAreas = false;

function withAreaTexts(core: Texts, areas: AreaTexts): Texts {
  const { flock } = core as Texts & AreaTexts;
  return { ...core, flock: { ...flock, ...areas.flock }, resources: areas.resources } as Texts;
}

async function loadCore(code: LanguageCode): Promise<Texts> {
  const catalogue = CATALOGUES[code];
  const [reactAdmin, core] = await Promise.all([catalogue.reactAdmin(), catalogue.core()]);
  return { ...reactAdmin, ...core } as Texts;
}

async function messagesOf(code: LanguageCode): Promise<Texts> {
  let core = cores.get(code);
  if (!core) cores.set(code, (core = await loadCore(code)));
  if (!withAreas) return core;
  let all = complete.get(code);
  if (!all) complete.set(code, (all = withAreaTexts(core, await CATALOGUES[code].areas())));
  return all;
}

/**
 * Messages a test put on the page before the app ran: the pseudo-locale walk's
 * (tests/e2e/pseudoLocale.ts, docs/decisions/0237), which every language then reads. Nothing in
 * the app sets it and no screen offers it.
 */
const testMessages = (globalThis as unknown as { flockTestMessages?: Texts }).flockTestMessages;

/** The messages of a locale: at once when they are in (always English's core at start), else once loaded. */
function getMessages(locale: string): Texts | Promise<Texts> {
  if (testMessages) return testMessages;
  const code = isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE;
  return (withAreas ? complete.get(code) : cores.get(code)) ?? messagesOf(code);
}

/**
 * allowMissing: server messages are passed to translate() as they are (notify, field errors)
 * and must come back unchanged rather than as a missing-key warning. English is the starting
 * locale; react-admin switches to the stored choice (its 'locale' store key) before it renders,
 * which loads that language's files (src/i18n/catalogues.ts).
 */
export const i18nProvider = polyglotI18nProvider(
  getMessages,
  DEFAULT_LANGUAGE,
  LANGUAGES.map(({ code, name }) => ({ locale: code, name })),
  { allowMissing: true },
);

let loading: Promise<void> | undefined;

/**
 * The texts of the signed-in areas (src/i18n/<code>Areas.ts), merged into the provider's messages
 * once, and into every language chosen afterwards; signed-in screens wait for it
 * (SignedInLayout), the login page does not.
 */
export function loadAreaTexts(): Promise<void> {
  loading ??= (async () => {
    withAreas = true;
    await i18nProvider.changeLocale(i18nProvider.getLocale());
  })();
  return loading;
}
