import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { auditTrailCalls } from '@/domain/auditTrail/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';
import { exportQuery } from './auditQuery';

/** Downloads the filtered log as CSV (ExportAudit, which the server streams and records). */
export function ExportAuditButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const order = sort?.order === 'ASC' ? 'asc' : 'desc';
      const res = await fetchFile(auditTrailCalls.exportAudit, exportQuery(filterValues, order));
      if (!res.ok) throw new Error(res.statusText);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      notify('flock.audit.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} loading={busy} onClick={download}>
      {translate('flock.audit.export')}
    </Button>
  );
}
