/**
 * The <title> of a page: search results cut titles near 60–70 characters, so a long title keeps
 * its main part (before " — "), then words up to the limit, and drops the brand rather than be cut.
 */
export const titleLimit = 70;

export function documentTitle(title: string, brand: string): string {
  let main = title;
  if (main.length > titleLimit && main.includes(' — ')) main = main.split(' — ')[0]!;
  if (main.length > titleLimit) {
    const cut = main.slice(0, titleLimit - 1);
    main = `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:—–-]+$/, '')}…`;
  }
  const branded = `${main} — ${brand}`;
  return branded.length <= titleLimit ? branded : main;
}
