/**
 * `status-link`: the owner's link to /status/, which alone shows what the public page does not: the
 * configuration warnings in full and whether the last change to the sources went live (or why not).
 * A signed token in the link (the link-signing secret), valid `--days` days: whoever holds the link
 * sees those, so it is given to the owner and the editors only.
 */
import { getSettings } from '../base/settings';
import { signToken } from '../base/signing';
import { paths } from '../base/urls';
import { UsageError, type AdminCommand } from './command';

export const STATUS_LINK_DEFAULT_DAYS = 90;

export const statusLink: AdminCommand = {
  name: 'status-link',
  summary: "the owner's link to /status/: configuration warnings and whether the last change went live",
  usage: [`status-link [--days N]             a link valid N days (${STATUS_LINK_DEFAULT_DAYS} by default), Polish and English`],
  async run(args, io) {
    let days = STATUS_LINK_DEFAULT_DAYS;
    for (let index = 0; index < args.length; index++) {
      const value = args[index + 1];
      if (args[index] === '--days' && value && /^[1-9]\d{0,3}$/.test(value)) {
        days = Number(value);
        index++;
      } else throw new UsageError(`Unknown or wrong words: ${args.slice(index).join(' ')} (--days takes a whole number from 1 to 9999)`);
    }
    const token = signToken('status-owner', { v: '1' }, days * 86_400_000);
    const site = getSettings().SITE_URL.replace(/\/$/, '');
    io.out(`${site}${paths.status('pl')}?owner=${token}`);
    io.out(`${site}${paths.status('en')}?owner=${token}`);
    io.err(`Valid ${days} days. Whoever holds it sees the configuration warnings and the publishing problems: give it to the owner and editors only.`);
    return 0;
  },
};
