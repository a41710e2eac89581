import { notificationsCalls } from '@/domain/notifications/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';
import { toCsv, type CsvColumn } from '@/src/common/crud/csv';

/** Fetches an attachment with the session's token and hands it to the browser as a download. */
export async function downloadAttachment(id: string, fileName: string) {
  const res = await fetchFile(notificationsCalls.getAttachment, { id });
  if (!res.ok) throw new Error(res.statusText);
  save(await res.blob(), fileName);
}

/** Hands the records to the browser as a CSV file of the columns given. */
export function saveCsv(records: ReadonlyArray<Record<string, unknown>>, columns: readonly CsvColumn[], fileName: string) {
  save(new Blob([toCsv(records, columns)], { type: 'text/csv' }), fileName);
}

function save(blob: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
