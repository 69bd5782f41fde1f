/**
 * A strict reader of the llms.txt format (llmstxt.org, mirroring llms_txt/miniparse.py): H1 title,
 * optional one-line blockquote summary, free text without headings, then H2 sections in which every
 * non-blank line is `- [title](url)` optionally followed by `: notes`. Throws on any deviation.
 */
export interface LlmsLink { title: string; url: string; notes?: string }
export interface LlmsTxt { title: string; summary?: string; info: string; sections: Record<string, LlmsLink[]> }

const linkPattern = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let index = 0;
  const skipBlank = () => { while (index < lines.length && lines[index].trim() === '') index++; };
  skipBlank();
  const h1 = /^# (.+)$/.exec(lines[index] ?? '');
  if (!h1) throw new Error(`line ${index + 1}: the file must start with an H1 title`);
  index++;
  skipBlank();
  let summary: string | undefined;
  if (lines[index]?.startsWith('> ')) {
    summary = lines[index].slice(2).trim();
    index++;
    if (lines[index]?.startsWith('>')) throw new Error(`line ${index + 1}: the summary blockquote must be one line`);
  }
  const info: string[] = [];
  while (index < lines.length && !lines[index].startsWith('## ')) {
    if (/^#{1,6} /.test(lines[index])) throw new Error(`line ${index + 1}: no heading other than H2 sections after the summary`);
    info.push(lines[index]);
    index++;
  }
  const sections: Record<string, LlmsLink[]> = {};
  let current: LlmsLink[] | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === '') continue;
    const h2 = /^## (.+)$/.exec(line);
    if (h2) {
      if (sections[h2[1]]) throw new Error(`line ${index + 1}: section "${h2[1]}" appears twice`);
      current = sections[h2[1]] = [];
      continue;
    }
    const link = linkPattern.exec(line);
    if (!link || !current) throw new Error(`line ${index + 1}: not a link item: ${line}`);
    current.push({ title: link[1], url: link[2], notes: link[3] });
  }
  return { title: h1[1].trim(), summary, info: info.join('\n').trim(), sections };
}
