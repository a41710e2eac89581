import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { peopleCalls } from '@/domain/people/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';
import { THUMB } from '@/src/common/thumb';
import { memberQuery } from './endpoints';

/** The file name the server gave (Content-Disposition), or a plain one. */
const fileNameOf = (res: Response) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'directory.pdf';

function save(blob: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * 'Print directory': the PDF of the people the member list's filter keeps, or (selected) of the
 * rows chosen, as the server makes it (GetDirectory: docs/decisions/0215-directory.md). Any
 * filter of the list works, so a saved list's filter does too.
 */
export function DirectoryButton({ selected = false }: { selected?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, selectedIds, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      // The selection alone, as 'Export selected' asks for it: the rows chosen, whatever the filter now.
      // Every row the filter keeps selected ('Select all that match': up to 1,000 ids, more than an
      // address holds) is the filter's result: printed by the filter, the same people.
      const everyMatch = total !== undefined && total > 0 && selectedIds.length >= total;
      const filter = selected && !everyMatch ? { id: selectedIds } : filterValues;
      const res = await fetchFile(peopleCalls.getDirectory, memberQuery({ filter }));
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? res.statusText);
      }
      save(await res.blob(), fileNameOf(res));
    } catch (err) {
      notify('flock.directory.failed', { type: 'error', messageArgs: { message: (err as Error).message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<PrintIcon />} onClick={print} disabled={busy} sx={{ minHeight: THUMB, minWidth: THUMB }}>
      {translate(busy ? 'flock.directory.printing' : selected ? 'flock.directory.print_selected' : 'flock.directory.print')}
    </Button>
  );
}
