/**
 * The counts a prose text states for a noun ("11 tools", "the six scopes": a number right before the noun), as
 * numbers: what the documentation tests compare with the code that holds the real count.
 */
const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

export function statedCounts(text: string, noun: string): Array<{ count: number; claim: string }> {
  const pattern = new RegExp(`\\b(\\d+|${numberWords.join('|')})\\s+${noun}\\b`, 'gi');
  return [...text.matchAll(pattern)].map((match) => {
    const word = match[1]!.toLowerCase();
    return { count: /^\d+$/.test(word) ? Number(word) : numberWords.indexOf(word), claim: match[0] };
  });
}
