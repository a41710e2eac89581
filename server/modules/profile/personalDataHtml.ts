import type { PersonalData } from './personalData.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A value as a reader sees it: objects as indented JSON, long base64 (an avatar) by its size. */
function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="none">none</span>';
  if (typeof value === 'object') return `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;
  const text = String(value);
  if (text.length > 500 && /^[A-Za-z0-9+/=]+$/.test(text))
    return `(a file of ${Math.round((text.length * 3) / 4 / 1024)} kB, in the JSON download)`;
  return escape(text);
}

/** One record as a two-column table of field and value. */
const record = (row: Record<string, unknown>) =>
  `<table>${Object.entries(row)
    .map(([k, v]) => `<tr><th scope="row">${escape(k.replace(/_/g, ' '))}</th><td>${cell(v)}</td></tr>`)
    .join('')}</table>`;

function section(title: string, rows: Array<Record<string, unknown>>): string {
  const body = rows.length ? rows.map(record).join('') : '<p class="none">Nothing is kept.</p>';
  return `<section><h2>${escape(title)} (${rows.length})</h2>${body}</section>`;
}

/** The same data as the JSON export, as a page a person can read and print; no script, no outside resources. */
export function personalDataHtml(data: PersonalData, appName: string): string {
  const title = `Your data in ${appName}`;
  const sections = [
    section('Account', [data.account]),
    ...Object.entries(data.records).map(([table, rows]) => section(table.replace(/_/g, ' '), rows)),
    section('Audit entries about you', data.auditEntries),
    section('Mail sent to you (kept in the outbox)', data.mails),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;margin:0 0 1rem;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{width:14rem;font-weight:600}
pre{margin:0;white-space:pre-wrap;word-break:break-word}.none{color:#666}</style></head>
<body><h1>${escape(title)}</h1><p>Everything ${escape(appName)} holds on you, as of ${escape(data.generatedAt)}.</p>
${sections.join('\n')}
</body></html>`;
}
