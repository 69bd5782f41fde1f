/** Today's date in the site's calendar (Europe/Warsaw), as YYYY-MM-DD. */
export function siteToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
