/**
 * Sätteri hast plugin: every Markdown table sits in a labelled, focusable scroll region
 * (`<section class="table-wrap" tabindex="0" aria-label="…">`, a named region), so a wide table scrolls
 * on a phone and keyboard users can reach and scroll it (axe: scrollable-region-focusable). The
 * label is the heading the table follows, else its column headers. It also gives a heading whose
 * text starts with a digit ("1. Images…") an id that starts with a letter (valid HTML ids).
 */
import { defineHastPlugin } from 'satteri';

function textOf(node) {
  if (node.type === 'text') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

function columnHeaders(table) {
  const cells = [];
  const walk = (node) => {
    if (node.type === 'element' && node.tagName === 'th') cells.push(textOf(node).trim());
    else (node.children ?? []).forEach(walk);
  };
  walk(table);
  return cells.filter(Boolean).join(', ');
}

/** A GitHub-style slug (the one Astro gives headings): lowercase, letters, digits and hyphens. */
function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');
}

/** The label of each table in document order. */
function tableLabels(root) {
  const labels = [];
  let heading = '';
  const walk = (node) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element' && /^h[2-6]$/.test(node.tagName)) heading = textOf(node).trim();
    if (node.type === 'element' && node.tagName === 'table') {
      labels.push(heading || columnHeaders(node));
      return;
    }
    (node.children ?? []).forEach(walk);
  };
  walk(root);
  return labels;
}

export const scrollableTables = defineHastPlugin({
  name: 'scrollable-tables',
  before(root, ctx) {
    ctx.data.tableLabels = tableLabels(root);
  },
  element: [
    {
      filter: ['table'],
      visit(node, ctx) {
        const label = ctx.data.tableLabels?.shift() || columnHeaders(node);
        ctx.wrapNode(node, { type: 'element', tagName: 'section', properties: { className: ['table-wrap'], tabIndex: 0, ariaLabel: label }, children: [] });
      },
    },
    {
      filter: ['h2', 'h3', 'h4', 'h5', 'h6'],
      visit(node, ctx) {
        const text = textOf(node).trim();
        if (!/^\d/.test(text) || typeof node.properties?.id === 'string') return;
        ctx.setProperty(node, 'id', `section-${slug(text)}`);
      },
    },
  ],
});
