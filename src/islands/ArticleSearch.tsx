/**
 * Search box of the articles page: asks POST /ask for articles only and lists title, summary and link.
 * Searches while typing (debounced, the previous request aborted), announces the outcome in a polite
 * live region, and is usable from the keyboard: Enter searches now, Escape clears, ArrowDown/ArrowUp
 * move between the input and the results.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { TargetedEvent, TargetedKeyboardEvent } from 'preact';
import type { Locale } from '../server/base/i18n';
import type { AskResponse, AskResult } from '../server/schemas/ask';
import type { Strings } from '../i18n/catalogue';
import { fill } from '../i18n/fill';
import { countOf } from '../server/base/plural';
import { routePaths } from '../server/base/urls';

type Result = Pick<AskResult, 'id' | 'title' | 'url' | 'summary' | 'inLanguage' | 'fallback'>;

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: Result[]; query: string }
  | { kind: 'error'; message: string };

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 300;
const LIMIT = 8;

/** Links stay on the current origin (the API answers with absolute URLs of the public site). */
function localHref(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

export default function ArticleSearch({ locale = 'pl', endpoint = routePaths.ask, strings: text }: { locale?: Locale; endpoint?: string; strings: Strings<'articleSearch'> }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  async function search(value: string) {
    const question = value.trim();
    pending.current?.abort();
    if (question.length < MIN_LENGTH) {
      setState(question ? { kind: 'error', message: fill(text.tooShort, { count: MIN_LENGTH }) } : { kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setState({ kind: 'loading' });
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: { text: question }, locale, context: { types: ['article'], limit: LIMIT } }),
        signal: controller.signal,
      });
      if (!response.ok) {
        setState({ kind: 'error', message: response.status === 429 ? text.busy : text.failed });
        return;
      }
      const body = (await response.json()) as Pick<AskResponse, 'results'>;
      setState({ kind: 'done', results: body.results, query: question });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setState({ kind: 'error', message: text.failed });
    }
  }

  useEffect(() => () => {
    clearTimeout(timer.current);
    pending.current?.abort();
  }, []);

  function onInput(event: TargetedEvent<HTMLInputElement>) {
    const value = event.currentTarget.value;
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(value), DEBOUNCE_MS);
  }

  function onSubmit(event: TargetedEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    void search(query);
  }

  function links(): HTMLAnchorElement[] {
    return Array.from(listRef.current?.querySelectorAll('a') ?? []);
  }

  function onKeyDown(event: TargetedKeyboardEvent<HTMLElement>) {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      clearTimeout(timer.current);
      pending.current?.abort();
      setQuery('');
      setState({ kind: 'idle' });
      inputRef.current?.focus();
    } else if (event.key === 'ArrowDown' && all.length) {
      event.preventDefault();
      all[Math.min(current + 1, all.length - 1)]!.focus();
    } else if (event.key === 'ArrowUp' && current >= 0) {
      event.preventDefault();
      if (current === 0) inputRef.current?.focus();
      else all[current - 1]!.focus();
    }
  }

  const status =
    state.kind === 'loading'
      ? text.loading
      : state.kind === 'error'
        ? state.message
        : state.kind === 'done'
          ? state.results.length
            ? fill(text.found, { articles: countOf(locale, state.results.length, text.articles), query: state.query })
            : fill(text.none, { query: state.query })
          : '';

  return (
    <div class="article-search" onKeyDown={onKeyDown}>
      <form role="search" aria-label={text.label} onSubmit={onSubmit}>
        <label for={`${id}-q`}>{text.label}</label>
        <div class="article-search-row">
          <input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            name="q"
            value={query}
            onInput={onInput}
            placeholder={text.placeholder}
            autocomplete="off"
            enterkeyhint="search"
            maxLength={500}
            aria-describedby={`${id}-status`}
          />
          <button type="submit" class="button">{text.button}</button>
        </div>
      </form>
      <p id={`${id}-status`} class="article-search-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {state.kind === 'done' && state.results.length > 0 && (
        <ul ref={listRef} class="article-search-results" aria-labelledby={`${id}-status`}>
          {state.results.map((result) => (
            <li key={result.id}>
              <a href={localHref(result.url)} lang={result.inLanguage === locale ? undefined : result.inLanguage}>
                {result.title}
              </a>
              {result.fallback && <span class="muted"> ({text.otherLanguage})</span>}
              <p>{result.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
