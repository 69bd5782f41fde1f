/**
 * The assistant's text as safe Preact elements (never innerHTML): paragraphs, "- " lists, **bold**,
 * [links](https://…) and bare URLs. Only http(s) and site-relative links become anchors.
 */
import type { ComponentChildren } from 'preact';

const inline = /\[([^\]]+)\]\(((?:https?:\/\/|\/)[^)\s]+)\)|\*\*([^*]+)\*\*|(https?:\/\/[^\s)<>"]+[^\s)<>".,;:!?])/g;

function spans(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(inline)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const [, label, href, bold, url] = match;
    if (href) out.push(<a href={href}>{label}</a>);
    else if (bold) out.push(<strong>{bold}</strong>);
    else if (url) out.push(<a href={url}>{url}</a>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ text }: { text: string }) {
  const blocks = text.trim().split(/\n{2,}/);
  return (
    <>
      {blocks.map((block) => {
        const lines = block.split('\n');
        if (lines.every((line) => /^\s*([-*]|\d+\.)\s+/.test(line))) {
          return <ul>{lines.map((line) => <li>{spans(line.replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>)}</ul>;
        }
        return <p>{lines.flatMap((line, index) => (index ? [<br />, ...spans(line)] : spans(line)))}</p>;
      })}
    </>
  );
}
