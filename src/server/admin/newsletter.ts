/**
 * `newsletter send <file.md> [--dry-run]`: one issue (front matter subject and locale, then the
 * Markdown body) to the confirmed subscribers of its language, never twice (src/server/newsletter/).
 */
import { readFile } from 'node:fs/promises';
import { IssueError, parseIssue } from '../newsletter/issue';
import { planIssue, sampleText, sendIssue } from '../newsletter/send-issue';
import { getSettings } from '../base/settings';
import { UsageError, type AdminCommand } from './command';

export const newsletter: AdminCommand = {
  name: 'newsletter',
  summary: 'send a Markdown newsletter issue to the confirmed subscribers of its language',
  usage: [
    'newsletter send <file.md> [--dry-run]   the file starts with front matter (subject:, locale: pl|en), then Markdown',
    '                                        --dry-run: subject, recipients per state, the first mail as text; sends nothing',
  ],
  async run(args, io) {
    const dryRun = args.includes('--dry-run');
    const [verb, file, ...extra] = args.filter((arg) => arg !== '--dry-run');
    if (verb !== 'send' || !file || extra.length) throw new UsageError('Expected: newsletter send <file.md> [--dry-run]');
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      io.err(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      return 1;
    }
    let issue;
    try {
      issue = parseIssue(source);
    } catch (error) {
      if (error instanceof IssueError) {
        io.err(`${file}: ${error.message}`);
        return 1;
      }
      throw error;
    }
    const plan = await planIssue(issue);
    const report = [
      `Subject: ${issue.subject}`,
      `Language: ${issue.locale}`,
      `List: ${plan.provider}`,
      ...Object.entries(plan.counts).map(([state, count]) => `  ${state}: ${count}`),
      `To send now: ${plan.recipients.length}`,
      ...(plan.uncertain.length ? [`Left mid-send by a run that stopped (not sent again): ${plan.uncertain.join(', ')}`] : []),
      ...plan.notes.map((note) => `Note: ${note}`),
    ];
    if (dryRun) {
      io.out(`${report.join('\n')}\n${plan.refusal ? `Would be refused: ${plan.refusal}\n` : ''}\n--- first mail (text) ---\n${sampleText(issue, plan)}`);
      return 0;
    }
    if (plan.refusal) {
      io.err(`Refused: ${plan.refusal}`);
      return 1;
    }
    io.err(report.join('\n'));
    if (plan.provider === 'embedded' && plan.recipients.length) {
      io.err(`Sending at ${getSettings().NEWSLETTER_SEND_PER_SECOND} per second (NEWSLETTER_SEND_PER_SECOND)…`);
    }
    const outcome = await sendIssue(issue, plan, io.err);
    if (outcome.failed) {
      io.err(`Stopped: the mail to ${outcome.failed.email} failed (${outcome.failed.error}). ${outcome.sent} sent; run the same command again to send to the rest.`);
      io.out(`${JSON.stringify({ sent: outcome.sent, finished: false })}\n`);
      return 1;
    }
    io.err(outcome.broadcastId ? `Broadcast ${outcome.broadcastId} sent to the segment.` : `Sent to ${outcome.sent} subscriber${outcome.sent === 1 ? '' : 's'}.`);
    io.out(`${JSON.stringify({ sent: outcome.sent, finished: true, ...(outcome.broadcastId ? { broadcastId: outcome.broadcastId } : {}) })}\n`);
    return 0;
  },
};
