import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { profileCalls } from '@/domain/profile/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';

type Format = 'json' | 'html';

/** Saves the file the server answered under the name it gave. */
async function save(res: Response, format: Format) {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `my-data.${format}`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** 'Download my data' on one's own profile: everything Flock holds on the signed-in person, as JSON or a readable page. */
export function DownloadMyData() {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const res = await fetchFile(profileCalls.downloadMyData, { Format: format });
      if (!res.ok) throw new Error(res.statusText);
      await save(res, format);
    } catch {
      notify('flock.stewardship.download_failed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box role="group" aria-label={translate('flock.stewardship.download')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {(['json', 'html'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={busy === format}
          onClick={() => download(format)}
        >
          {translate(`flock.stewardship.download_${format}`)}
        </Button>
      ))}
    </Box>
  );
}
