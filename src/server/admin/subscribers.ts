/**
 * `subscribers`: the newsletter list of the provider in use: confirmed and unsubscribed addresses
 * (the embedded list, or the contacts of the Resend segment). Pending double opt-in addresses are
 * short-lived keys in the shared store, which cannot be listed; the command says so.
 */
import { listSegment } from '../providers/newsletter-embedded';
import { listResendContacts } from '../providers/newsletter-resend';
import { getSettings } from '../base/settings';
import { UsageError, type AdminCommand } from './command';
import { formatRows, outputFormat, type Row } from './output';

// The address under its own name; JSON keeps `id` (the same address) like every listing.
const columns = ['email', 'state', 'locale', 'name', 'since'];

export async function subscriberRows(): Promise<{ provider: string; rows: Row[] }> {
  const settings = getSettings();
  if (settings.mailProvider === 'off') throw new Error('MAIL_PROVIDER=off: there is no mailing list on this deployment.');
  if (settings.mailProvider === 'resend') {
    const contacts = await listResendContacts(settings);
    return {
      provider: settings.RESEND_SEGMENT_ID
        ? `resend (segment ${settings.RESEND_SEGMENT_ID})`
        : 'resend (RESEND_SEGMENT_ID is not set: every contact of the account, contact-form senders of segment Kontakt included)',
      rows: contacts.map((contact) => ({
        id: contact.email,
        email: contact.email,
        state: contact.unsubscribed ? 'unsubscribed' : 'confirmed',
        // Resend contacts carry no language here.
        locale: null,
        name: contact.name,
        since: contact.createdAt,
        resend_id: contact.id,
      })),
    };
  }
  return {
    provider: 'embedded',
    rows: (await listSegment('newsletter')).map((contact) => ({
      id: contact.email,
      email: contact.email,
      state: contact.unsubscribed ? 'unsubscribed' : 'confirmed',
      locale: contact.locale,
      name: contact.name,
      // Subscribed (or last re-subscribed) for the confirmed, unsubscribed for the others.
      since: contact.updatedAt,
    })),
  };
}

export const subscribers: AdminCommand = {
  name: 'subscribers',
  summary: 'newsletter subscribers: confirmed and unsubscribed (pending ones cannot be listed)',
  usage: ['subscribers [--json | --csv]        every address on the newsletter list (email) with its state, language, name and since when'],
  async run(args, io) {
    const { format, rest } = outputFormat(args);
    if (rest.length) throw new UsageError(`Unknown words: ${rest.join(' ')}`);
    const { provider, rows } = await subscriberRows();
    io.out(formatRows(rows, format, columns));
    const count = (state: string) => rows.filter((row) => row.state === state).length;
    io.err(`${provider}: ${count('confirmed')} confirmed, ${count('unsubscribed')} unsubscribed. Pending double opt-in addresses live in the shared store for 7 days and cannot be listed.`);
    return 0;
  },
};
