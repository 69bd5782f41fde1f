/**
 * The spam defence fields of the site's forms (the HTML form path, docs/security.md "Spam defence"):
 * a honeypot text field that people never see or reach (bots fill it in), and the self-hosted
 * ALTCHA widget, invisible, which fetches a signed challenge from /api/forms/challenge and solves
 * its proof of work in the background. No outside service, no puzzle.
 *
 * The widget's script loads when the visitor first enters the form (focus), not with the page, so
 * pages stay light for everyone who never writes. The server's time trap counts from the moment it
 * issued the challenge, which the browser does not know (loading the script and fetching the
 * challenge may take seconds on a slow device), but it is before the proof was solved: a person
 * quicker than that (autofill and a click) is not flagged, the form waits out the rest after the
 * solution before it sends.
 */
import { routePaths } from '../server/base/urls';

export const CHALLENGE_URL = routePaths.formChallenge;
/** The server's minimum (MIN_FILL_MS, 3 s) plus a small margin. */
const MIN_FILL_MS = 3_250;
const started = new WeakSet<HTMLFormElement>();
/** When each form's current proof was solved (client clock): its challenge was issued before. */
const solvedAt = new WeakMap<HTMLFormElement, number>();

interface AltchaWidget extends HTMLElement {
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': { challenge?: string; auto?: string; display?: string; name?: string; language?: string };
    }
  }
}

/** Starts the proof of work for a form (loads the widget's script once per page); idempotent. */
export function startProofOfWork(form: HTMLFormElement): void {
  if (started.has(form)) return;
  started.add(form);
  form.querySelector('altcha-widget')?.addEventListener('verified', () => solvedAt.set(form, Date.now()));
  void import('./altcha-loader');
}

/** Waits until the time trap of the solved challenge has surely passed. */
async function waitOutTimeTrap(form: HTMLFormElement): Promise<void> {
  const wait = (solvedAt.get(form) ?? Date.now()) + MIN_FILL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The honeypot and the widget; `id` keeps the honeypot's label tied to its field, `honeypot` is that label. */
export function SpamFields({ id, locale, honeypot }: { id: string; locale: 'pl' | 'en'; honeypot: string }) {
  return (
    <>
      {/* Off-screen (.form-trap in global.css) rather than display:none, which simple bots recognise and skip. */}
      <div class="form-trap" aria-hidden="true">
        <label for={`${id}-website`}>{honeypot}</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <altcha-widget challenge={CHALLENGE_URL} auto="onload" display="invisible" name="altcha" language={locale} />
    </>
  );
}

/** The solved payload for this submission (waiting for the work when it is not done yet); '' if none. */
export async function proofOfWork(form: HTMLFormElement): Promise<string> {
  startProofOfWork(form);
  const field = form.elements.namedItem('altcha') as HTMLInputElement | null;
  if (field?.value) {
    await waitOutTimeTrap(form);
    return field.value;
  }
  const widget = form.querySelector('altcha-widget') as AltchaWidget | null;
  if (!widget) return '';
  try {
    await Promise.race([customElements.whenDefined('altcha-widget'), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (typeof widget.verify !== 'function') return '';
    const payload = (await widget.verify())?.payload ?? '';
    await waitOutTimeTrap(form);
    return payload;
  } catch {
    // No proof: the message still goes, marked for the owner as possible spam (nothing is lost).
    return '';
  }
}

/** After a submission: a fresh challenge for the next one (each proof is accepted once). */
export function renewProofOfWork(form: HTMLFormElement): void {
  const widget = form.querySelector('altcha-widget') as AltchaWidget | null;
  if (!widget || typeof widget.reset !== 'function') return;
  solvedAt.delete(form);
  widget.reset();
  void widget.verify().catch(() => undefined);
}
