import { readToken } from '@/src/authProvider/session';
import { API_URL } from '@/src/config';

/** Fetches an attachment with the session's token and hands it to the browser as a download. */
export async function downloadAttachment(id: string, fileName: string) {
  const res = await fetch(`${API_URL}/Notification/GetAttachment?id=${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(res.statusText);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
