/**
 * The assistant's text as safe Preact elements (never innerHTML): paragraphs, "- " lists, **bold**,
 * [links](https://…) and bare URLs. Only targets safeHref accepts become anchors; a link to anything
 * else stays as the text it was written as. The visitor's own messages never come here (PlainText).
 */
import type { ComponentChildren } from 'preact';
import { safeHref } from './safe-link';

const inline = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|(https?:\/\/[^\s)<>"]+[^\s)<>".,;:!?])/g;

function spans(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(inline)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const [whole, label, target, bold, url] = match;
    const href = safeHref(target ?? url ?? '');
    if (target) out.push(href ? <a href={href}>{label}</a> : whole);
    else if (bold) out.push(<strong>{bold}</strong>);
    else if (url) out.push(href ? <a href={href}>{url}</a> : url);
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

/** The visitor's own words, exactly as typed: paragraphs and line breaks, no markup, no links. */
export function PlainText({ text }: { text: string }) {
  const blocks = text.trim().split(/\n{2,}/);
  return <>{blocks.map((block) => <p>{block.split('\n').flatMap((line, index) => (index ? [<br />, line] : [line]))}</p>)}</>;
}
