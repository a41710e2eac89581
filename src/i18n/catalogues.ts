import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import type { LanguageCode } from '@/domain/common/languages';
import { en } from './en';

/**
 * A catalogue's two parts: the sign-in page's and shared screens' texts (flock.* only), and the
 * signed-in areas' (flock.* and every resource's name and fields, resources.*).
 */
export type CoreTexts = { flock: Record<string, unknown> };
export type AreaTexts = CoreTexts & { resources: Record<string, unknown> };

export interface Catalogue {
  /** react-admin's own messages (ra.*) in the language. */
  reactAdmin: () => Promise<TranslationMessages>;
  /** Flock's texts of the sign-in page and the shared screens (src/i18n/<code>.ts). */
  core: () => Promise<CoreTexts>;
  /** Flock's texts of the signed-in areas (src/i18n/<code>Areas.ts). */
  areas: () => Promise<AreaTexts>;
}

/** English, in the first bundle: the sign-in page shows it without waiting. */
export const ENGLISH = { ...englishMessages, ...en } as TranslationMessages;

/**
 * Where each language's files are (docs/decisions/0226-languages.md). Every other language is a
 * dynamic import: its texts load only when someone chooses it, never in an English reader's first
 * page. The type asks for an entry for every code of domain/common/languages.ts.
 */
export const CATALOGUES: Record<LanguageCode, Catalogue> = {
  en: {
    reactAdmin: () => Promise.resolve(englishMessages),
    core: () => Promise.resolve(en),
    areas: () => import('./enAreas').then((texts) => texts.enAreas),
  },
  fr: {
    reactAdmin: () => import('ra-language-french').then((texts) => texts.default),
    core: () => import('./fr').then((texts) => texts.fr),
    areas: () => import('./frAreas').then((texts) => texts.frAreas),
  },
};
