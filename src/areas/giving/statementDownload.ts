import { givingCalls } from '@/domain/giving/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';

/** What the server's lines say as the statements are made (DownloadStatements with Format=progress). */
type ProgressLine = { total?: number; done?: number; pdf?: string; end?: boolean; fileName?: string };

export type StatementProgress = { done: number; total: number };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Reads the answer's lines of JSON as they come, calling back with each one. */
async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: ProgressLine) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    rest += decoder.decode(value, { stream: !done });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as ProgressLine);
    if (done) break;
  }
  if (rest.trim()) onLine(JSON.parse(rest) as ProgressLine);
}

/**
 * The statements of a period as a PDF, made on the server giver by giver: the progress is told as
 * it comes (docs/decisions/0235-giving-statements.md); resolves to the file and its name, and
 * throws the server's message when it refuses or the file was cut short.
 */
export async function downloadStatements(
  query: { from: string; to: string; giverId?: string; householdId?: string },
  onProgress: (progress: StatementProgress) => void,
): Promise<{ file: Blob; fileName: string }> {
  const res = await fetchFile(givingCalls.downloadStatements, {
    From: query.from,
    To: query.to,
    GiverId: query.giverId,
    HouseholdId: query.householdId,
    Format: 'progress',
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? res.statusText);
  }
  const pieces: Uint8Array[] = [];
  let total = 0;
  let ended: ProgressLine | undefined;
  await readLines(res.body, (line) => {
    if (line.total !== undefined) total = line.total;
    if (line.done !== undefined) onProgress({ done: line.done, total });
    if (line.pdf) pieces.push(bytesOf(line.pdf));
    if (line.end) ended = line;
  });
  if (!ended) throw new Error(res.statusText || 'The statements were cut short');
  return { file: new Blob(pieces as BlobPart[], { type: 'application/pdf' }), fileName: ended.fileName ?? 'giving-statements.pdf' };
}

/** Hands the file to the browser to save. */
export function saveFile(file: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
