/**
 * Which link targets the chat turns into anchors: an absolute http(s) URL, or a path on this site
 * (exactly one "/" followed by a path). Everything else stays text: other schemes (javascript:,
 * data:, mailto:…), scheme-relative "//host", and "/\host" or "\\host", which browsers read as
 * another host. Browsers drop tabs and newlines inside URLs ("/<tab>/host" is "//host") and treat
 * "\" as "/", so a target with whitespace, a control character or a backslash is refused outright.
 */
const unsafeCharacter = /[\u0000-\u0020\u007f-\u009f\\]/;

export function safeHref(target: string): string | undefined {
  if (!target || unsafeCharacter.test(target)) return undefined;
  if (target.startsWith('/')) return target.startsWith('//') ? undefined : target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? target : undefined;
  } catch {
    return undefined;
  }
}
