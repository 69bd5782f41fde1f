/**
 * A newsletter issue as the owner writes it: a Markdown file with YAML front matter (`subject`,
 * `locale`), then the body. The body becomes the HTML part (micromark with GitHub-flavoured
 * Markdown; raw HTML and javascript: links are escaped, not passed through) and the plain-text part
 * (the Markdown itself, with links written out), the way mail readers without HTML show it.
 */
import { createHash } from 'node:crypto';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../base/i18n';

export interface Issue {
  subject: string;
  locale: Locale;
  /** sha256 of the whole file: the same file is the same issue. */
  hash: string;
  text: string;
  html: string;
}

/** What is wrong with an issue file, in words for its author. */
export class IssueError extends Error {}

const frontMatter = z.object({
  subject: z.string().trim().min(1).max(200).refine((value) => !/[\r\n]/.test(value), 'one line'),
  locale: z.enum(['pl', 'en']),
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)')
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/\r\n/g, '\n')
    .trim();
}

export function parseIssue(source: string): Issue {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new IssueError('The file must start with front matter: a line ---, then subject: and locale:, then ---.');
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    throw new IssueError(`The front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const checked = frontMatter.safeParse(data);
  if (!checked.success) {
    throw new IssueError(`The front matter needs subject (one line, at most 200 characters) and locale (pl or en): ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ')}`);
  }
  const body = match[2]!;
  if (!body.trim()) throw new IssueError('The issue has no body after its front matter.');
  return {
    subject: checked.data.subject,
    locale: checked.data.locale,
    hash: createHash('sha256').update(source).digest('hex'),
    text: plainText(body),
    html: micromark(body, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }),
  };
}
