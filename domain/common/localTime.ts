/** Days in the server's local time, which is the church's: appointments' windows and goals' periods. */

/** "YYYY-MM-DD" of a moment in local time. */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of a "YYYY-MM-DD" day, plusDays later. */
export function localMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays);
}
