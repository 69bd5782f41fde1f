/** Serialises one schema.org object for a `<script type="application/ld+json">` data block. */
export function jsonLdScript(object: object): string {
  // "<" escaped so no string in the data can close the script element.
  return JSON.stringify(object).replace(/</g, '\\u003c');
}
