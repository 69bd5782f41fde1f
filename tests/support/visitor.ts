/**
 * A visitor asking one address again and again while a test changes the running site: how many
 * answers were 200, what failed (a status, or why the connection did), and the marks of the bodies in
 * the order they changed (`marks` grows while it runs).
 */
export function startVisitor(url: string, mark: (body: string) => string, everyMs = 100) {
  let running = true;
  const failures: string[] = [];
  const marks: string[] = [];
  let answers = 0;
  const done = (async () => {
    while (running) {
      try {
        const response = await fetch(url);
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
      return { answers, failures, marks };
    },
  };
}

/** Whether a pricing page shows the changed Start package the update tests write. */
export const priceMark = (body: string) => (body.includes('Strona-wizytówka do 5 podstron') ? 'changed' : 'original');
