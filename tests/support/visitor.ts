/**
 * A visitor asking one address again and again while a test changes the running site: how many
 * answers were 200, what failed (a status, or why the connection did), and the marks of the bodies in
 * the order they changed (`marks` grows while it runs).
 *
 * Like a browser (RFC 9110 §9.2.2), it sends a GET once more when the keep-alive connection it reused
 * was closed under it: a stopping server closes its idle connections, and one of them may be carrying
 * the next request already. Those repeats are counted (`resent`); a second failure is a failure.
 */
export function startVisitor(url: string, mark: (body: string) => string, everyMs = 100) {
  let running = true;
  const failures: string[] = [];
  const marks: string[] = [];
  let answers = 0;
  let resent = 0;
  const closedUnderIt = (error: unknown) => /ECONNRESET|UND_ERR_SOCKET|other side closed/.test(`${(error as Error).message} ${String((error as Error).cause ?? '')}`);
  const get = () =>
    fetch(url).catch((error: unknown) => {
      if (!closedUnderIt(error)) throw error;
      resent++;
      return fetch(url);
    });
  const done = (async () => {
    while (running) {
      try {
        const response = await get();
        const body = await response.text();
        if (response.status === 200) {
          answers++;
          const seen = mark(body);
          if (marks.at(-1) !== seen) marks.push(seen);
        } else failures.push(String(response.status));
      } catch (error) {
        failures.push(`${(error as Error).message} ${String((error as Error).cause ?? '')}`.trim());
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    marks,
    finish: async () => {
      running = false;
      await done;
      return { answers, failures, marks, resent };
    },
  };
}

/** Whether a pricing page shows the changed Start package the update tests write. */
export const priceMark = (body: string) => (body.includes('Strona-wizytówka do 5 podstron') ? 'changed' : 'original');
