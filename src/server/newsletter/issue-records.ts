/** The record of newsletter issues sent, in the records database (SQLite or PostgreSQL). */
import type { Selectable } from 'kysely';
import { getRecords } from '../store/database';
import type { NewsletterIssuesTable } from '../store/records-schema';
import type { IssueRecord, IssuesStore } from './issue-store';

const fromRow = (row: Selectable<NewsletterIssuesTable>): IssueRecord => ({
  hash: row.hash,
  subject: row.subject,
  locale: row.locale,
  provider: row.provider,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  broadcastId: row.broadcast_id,
});

export const recordsIssues: IssuesStore = {
  async findIssue(hash) {
    const row = await (await getRecords()).selectFrom('newsletter_issues').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  },

  async findIssueBySubject(subject, locale, exceptHash) {
    const row = await (await getRecords())
      .selectFrom('newsletter_issues')
      .selectAll()
      .where('subject', '=', subject)
      .where('locale', '=', locale)
      .where('hash', '<>', exceptHash)
      .orderBy('started_at')
      .limit(1)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  },

  async startIssue(issue) {
    await (await getRecords())
      .insertInto('newsletter_issues')
      .values({ hash: issue.hash, subject: issue.subject, locale: issue.locale, provider: issue.provider, started_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  },

  async forgetIssue(hash) {
    const db = await getRecords();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('newsletter_deliveries').where('hash', '=', hash).execute();
      await trx.deleteFrom('newsletter_issues').where('hash', '=', hash).where('finished_at', 'is', null).execute();
    });
  },

  async finishIssue(hash, broadcastId) {
    await (await getRecords())
      .updateTable('newsletter_issues')
      .set((eb) => ({ finished_at: new Date().toISOString(), broadcast_id: eb.fn.coalesce(eb.val(broadcastId ?? null), eb.ref('broadcast_id')) }))
      .where('hash', '=', hash)
      .execute();
  },

  async deliveriesOf(hash) {
    const rows = await (await getRecords()).selectFrom('newsletter_deliveries').select(['email', 'state']).where('hash', '=', hash).execute();
    return new Map(rows.map((row) => [row.email, row.state === 'sent' ? ('sent' as const) : ('sending' as const)]));
  },

  async claimRecipient(hash, email) {
    const result = await (await getRecords())
      .insertInto('newsletter_deliveries')
      .values({ hash, email, state: 'sending', at: new Date().toISOString() })
      .onConflict((conflict) => conflict.columns(['hash', 'email']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async markRecipientSent(hash, email) {
    await (await getRecords())
      .updateTable('newsletter_deliveries')
      .set({ state: 'sent', at: new Date().toISOString() })
      .where('hash', '=', hash)
      .where('email', '=', email)
      .execute();
  },

  async releaseRecipient(hash, email) {
    await (await getRecords()).deleteFrom('newsletter_deliveries').where('hash', '=', hash).where('email', '=', email).where('state', '=', 'sending').execute();
  },
};
