/**
 * The ALTCHA widget in its CSP-compliant build: no inline styles (its stylesheet is a file of the
 * site) and no workers from blob: URLs (the SHA worker is a file of the site too), so the pages'
 * Content-Security-Policy needs no exception. Only the algorithm our challenges use is registered.
 */
import 'altcha/external';
import stylesheet from 'altcha/altcha.css?url';
import ShaWorker from 'altcha/workers/sha?worker';

// The stylesheet comes with the widget, not in the head of every page with a form, where it would
// hold up the first paint for a widget that is not there yet (and is invisible when it is).
if (!document.querySelector(`link[href="${stylesheet}"]`)) {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesheet }));
}

// `$altcha.algorithms`: the registry of proof-of-work workers the external build reads (its README,
// "Using altcha/external"); the package declares the global.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
