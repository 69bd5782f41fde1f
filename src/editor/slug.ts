/** URL slugs from titles: Polish letters transliterated (ł → l, ż → z), ASCII only, words joined by hyphens. */
const polish: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

export function slugify(title: string, maxLength = 60): string {
  const ascii = title
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (letter) => polish[letter]!)
    // Other accented letters (é, ü, ñ) lose their marks; what is left outside a–z and 0–9 separates words.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= maxLength) return ascii;
  // Shortened between words only: a word cut in half ("foundation-s") reads as a typo in the address.
  const cut = ascii.slice(0, maxLength + 1).lastIndexOf('-');
  return cut > 0 ? ascii.slice(0, cut) : ascii;
}
