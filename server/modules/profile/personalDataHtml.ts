import { DEFAULT_LANGUAGE, isLanguageCode, type Localized } from '@/domain/common/languages.js';
import type { PersonalData } from './personalData.js';

type Words = {
  title: (app: string) => string;
  intro: (app: string, at: string) => string;
  none: string;
  nothing: string;
  file: (kB: number) => string;
  account: string;
  audit: string;
  mails: string;
};

/** The page's words in each language (docs/decisions/0231-mail-frame-and-server-language.md); the data stays as stored. */
const WORDS: Localized<Words> = {
  en: {
    title: (app) => `Your data in ${app}`,
    intro: (app, at) => `Everything ${app} holds on you, as of ${at}.`,
    none: 'none',
    nothing: 'Nothing is kept.',
    file: (kB) => `(a file of ${kB} kB, in the JSON download)`,
    account: 'Account',
    audit: 'Audit entries about you',
    mails: 'Mail sent to you (kept in the outbox)',
  },
  fr: {
    title: (app) => `Vos données dans ${app}`,
    intro: (app, at) => `Tout ce que ${app} conserve sur vous, au ${at}.`,
    none: 'aucun',
    nothing: 'Rien n’est conservé.',
    file: (kB) => `(un fichier de ${kB} ko, dans le téléchargement JSON)`,
    account: 'Compte',
    audit: 'Entrées du journal d’audit vous concernant',
    mails: 'E-mails qui vous ont été envoyés (conservés dans la file d’envoi)',
  },
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A value as a reader sees it: objects as indented JSON, long base64 (an avatar) by its size. */
function cell(value: unknown, words: Words): string {
  if (value === null || value === undefined || value === '') return `<span class="none">${words.none}</span>`;
  if (typeof value === 'object') return `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;
  const text = String(value);
  if (text.length > 500 && /^[A-Za-z0-9+/=]+$/.test(text)) return words.file(Math.round((text.length * 3) / 4 / 1024));
  return escape(text);
}

/** One record as a two-column table of field and value. */
const record = (row: Record<string, unknown>, words: Words) =>
  `<table>${Object.entries(row)
    .map(([k, v]) => `<tr><th scope="row">${escape(k.replace(/_/g, ' '))}</th><td>${cell(v, words)}</td></tr>`)
    .join('')}</table>`;

function section(title: string, rows: Array<Record<string, unknown>>, words: Words): string {
  const body = rows.length ? rows.map((row) => record(row, words)).join('') : `<p class="none">${escape(words.nothing)}</p>`;
  return `<section><h2>${escape(title)} (${rows.length})</h2>${body}</section>`;
}

/**
 * The same data as the JSON export, as a page a person can read and print, in their language
 * (the field and table names are the data's own); no script, no outside resources.
 */
export function personalDataHtml(data: PersonalData, appName: string): string {
  const language = isLanguageCode(data.account.language) ? data.account.language : DEFAULT_LANGUAGE;
  const words = WORDS[language];
  const title = words.title(appName);
  const sections = [
    section(words.account, [data.account], words),
    ...Object.entries(data.records).map(([table, rows]) => section(table.replace(/_/g, ' '), rows, words)),
    section(words.audit, data.auditEntries, words),
    section(words.mails, data.mails, words),
  ];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;margin:0 0 1rem;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{width:14rem;font-weight:600}
pre{margin:0;white-space:pre-wrap;word-break:break-word}.none{color:#666}</style></head>
<body><h1>${escape(title)}</h1><p>${escape(words.intro(appName, data.generatedAt))}</p>
${sections.join('\n')}
</body></html>`;
}
