/**
 * What the contact and newsletter islands share: their state (field problems, busy, outcome, ready),
 * the submit sequence (check every field, focus the first bad one, post, announce, reset), and the
 * pieces of markup every site form ends with (field error, submit button, live status line).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PrivacyNote } from '../server/adapters/privacy-note';
import { fieldProblem, postForm, type FormChecks, type FormLocale, type Outcome } from './form-post';
import { proofOfWork, renewProofOfWork, startProofOfWork } from './spam-fields';

type Control = HTMLInputElement | HTMLTextAreaElement;

export function useSiteForm<Field extends string>(locale: FormLocale, checks: FormChecks) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Rendered on the server with the button disabled: without JavaScript the page's <noscript> note
  // offers e-mail instead of a form that cannot send JSON.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    // The proof of work starts when the visitor first enters the form (see spam-fields.tsx). An island
    // that wakes at the first input (client:input) hydrates after that entry: the focus is in already.
    const element = form.current!;
    const start = () => startProofOfWork(element);
    if (element.contains(document.activeElement)) start();
    else element.addEventListener('focusin', start, { once: true });
    return () => element.removeEventListener('focusin', start);
  }, []);

  /** Checks the named fields; on a problem announces `fix`, focuses the first bad field and returns null. */
  function checkAll(names: Field[], fix: string): Control[] | null {
    const elements = form.current!.elements;
    const fields = names.map((name) => elements.namedItem(name) as Control);
    const found = Object.fromEntries(fields.map((field) => [field.name, fieldProblem(field, checks, locale)])) as Partial<Record<Field, string>>;
    setProblems(found);
    const firstBad = fields.find((field) => found[field.name as Field]);
    if (!firstBad) return fields;
    setOutcome({ ok: false, message: fix });
    firstBad.focus();
    return null;
  }

  /**
   * Posts the fields with the spam defence's own (honeypot, proof of work), shows the busy state
   * meanwhile, announces the outcome and clears the form on success.
   */
  async function send(path: string, fields: Record<string, string>, sent: string): Promise<void> {
    setBusy(true);
    setOutcome(null);
    const element = form.current!;
    const honeypot = (element.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
    const result = await postForm(path, { ...fields, website: honeypot, altcha: await proofOfWork(element) }, checks, sent);
    setBusy(false);
    setOutcome(result);
    if (result.ok) element.reset();
    renewProofOfWork(element);
  }

  return { form, problems, setProblems, busy, outcome, ready, checkAll, send };
}

export function FieldError({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <p class="field-error" id={id}>
      {problem}
    </p>
  ) : null;
}

/** What happens to the data, beside the button that sends it, with the privacy policy's link. */
export function PrivacyLine({ note }: { note: PrivacyNote }) {
  return (
    <p class="form-privacy" data-testid="form-privacy">
      {note.text} <a href={note.href}>{note.link}</a>.
    </p>
  );
}

/** The submit button, the privacy line and the live region that announces the outcome. */
export function FormFooter({ busy, ready, outcome, send, sending, privacy }: { busy: boolean; ready: boolean; outcome: Outcome | null; send: string; sending: string; privacy: PrivacyNote }) {
  return (
    <>
      <button class="button" type="submit" disabled={busy || !ready} aria-busy={busy ? 'true' : 'false'}>
        {busy ? sending : send}
      </button>
      <PrivacyLine note={privacy} />
      <p class={`form-status${outcome ? (outcome.ok ? ' is-ok' : ' is-error') : ''}`} role="status" aria-live="polite" aria-atomic="true">
        {outcome?.message ?? ''}
      </p>
    </>
  );
}
