/** The embedded outbox of a test server, every .eml read back by a real MIME parser (postal-mime). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

export interface OutboxMail {
  file: string;
  raw: string;
  mail: Email;
  subject: string;
  to: string[];
  text: string;
  /** A header's value by name (case-insensitive), as the parser decoded it. */
  header: (name: string) => string | undefined;
  /**
   * An attachment's bytes as text, exactly as sent (postal-mime normalises calendar parts to LF, so
   * the base64 body of the part is decoded here; the message's structure is postal-mime's).
   */
  attachmentText: (filename: string) => string | undefined;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const directory = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(directory).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(join(directory, file), 'utf8');
      const mail = await PostalMime.parse(raw);
      return {
        file,
        raw,
        mail,
        subject: mail.subject ?? '',
        to: (mail.to ?? []).map((address) => address.address ?? ''),
        text: mail.text ?? '',
        header: (name: string) => mail.headers.find((header) => header.key === name.toLowerCase())?.value,
        attachmentText: (filename: string) => {
          if (!mail.attachments.some((each) => each.filename === filename)) return undefined;
          const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const part = new RegExp(`filename="?${escaped}"?\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--`).exec(raw);
          return part ? Buffer.from(part[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8') : undefined;
        },
      };
    }),
  );
}
