// The mock-ups of the delivered work that scripts/case-study-pictures.mjs photographs: one HTML page
// per case study, built from its front matter (the client's name is the title before " — ", the
// sector, what was built) and the few interface words such a page has, in the case's language. A
// case with no mock of its own (a new one) gets the generic page: the client's name, type and work.
// The clients are examples, so the pictures are illustrations, and their alt text says so.

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The client's name: the case's title before the dash. */
export function clientName(data) {
  return data.title.split(/\s+[—–-]\s+/)[0].trim();
}

/** Each client site gets its own accent, so the three mock-ups look like three sites, not ours. */
const accents = { ngo: '#1f6b3a', business: '#8a4b14', education: '#1d4f91' };

function siteHeader(name, nav, action) {
  return `<header class="m-head"><span class="m-logo"><span class="m-mark" aria-hidden="true"></span>${escape(name)}</span>
<nav class="m-nav">${nav.map((item) => `<span>${escape(item)}</span>`).join('')}${action ? `<span class="m-button m-small">${escape(action)}</span>` : ''}</nav></header>`;
}

const foundation = {
  pl: { nav: ['Warsztaty', 'Materiały', 'O fundacji'], action: 'Wesprzyj', eyebrow: 'Edukacja ekologiczna dla szkół', heading: 'Warsztaty, po których dzieci same gaszą światło', lead: 'Prowadzimy zajęcia o wodzie, energii i odpadach w szkołach podstawowych. Zapisz klasę albo wesprzyj nas jedną wpłatą.', primary: 'Zapisz klasę na warsztaty', secondary: 'Pobierz materiały', form: 'Wesprzyj warsztaty', once: 'Jednorazowo', monthly: 'Co miesiąc', amounts: ['30 zł', '60 zł', '120 zł', 'Inna kwota'], methods: ['BLIK', 'Karta', 'Przelew'], pay: 'Wpłacam 60 zł', thanks: 'Podziękowanie wyślemy od razu na Twój adres e-mail.' },
  en: { nav: ['Workshops', 'Materials', 'About us'], action: 'Donate', eyebrow: 'Environmental education for schools', heading: 'Workshops after which children turn off the lights themselves', lead: 'We run classes on water, energy and waste in primary schools. Sign up a class or support us with one donation.', primary: 'Sign up a class', secondary: 'Download materials', form: 'Support the workshops', once: 'One-off', monthly: 'Monthly', amounts: ['PLN 30', 'PLN 60', 'PLN 120', 'Other amount'], methods: ['BLIK', 'Card', 'Transfer'], pay: 'Donate PLN 60', thanks: 'We send a thank-you to your e-mail address straight away.' },
};

const bakery = {
  pl: { nav: ['Zamówienia', 'Historia', 'Faktury'], customer: 'Kawiarnia Pod Zegarem', heading: 'Zamówienie na jutro', cutoff: 'Zamówienia do 18:00 — zostały 2\u00a0h 15\u00a0min', product: 'Produkt', usual: 'Zwykle', quantity: 'Ilość', items: [['Chleb żytni na zakwasie', 6, 6], ['Bułka pszenna', 40, 48], ['Rogal maślany', 24, 24], ['Chałka z kruszonką', 2, 3], ['Drożdżówka z serem', 12, 12]], send: 'Wyślij zamówienie', note: 'Potwierdzenie przyjdzie e-mailem po wysłaniu.', summary: 'Twoje zamówienie', lines: '5 pozycji', total: '93 sztuki', delivery: 'Dostawa', deliveryTime: 'jutro, 6:30' },
  en: { nav: ['Orders', 'History', 'Invoices'], customer: 'Clock Café', heading: "Tomorrow's order", cutoff: 'Orders close at 6 pm — 2\u00a0h 15\u00a0min left', product: 'Product', usual: 'Usual', quantity: 'Quantity', items: [['Sourdough rye loaf', 6, 6], ['Wheat roll', 40, 48], ['Butter croissant', 24, 24], ['Crumble challah', 2, 3], ['Cheese bun', 12, 12]], send: 'Send the order', note: 'A confirmation arrives by e-mail once you send it.', summary: 'Your order', lines: '5 items', total: '93 pieces', delivery: 'Delivery', deliveryTime: 'tomorrow, 6:30 am' },
};

const school = {
  pl: { nav: ['Pomoc', 'Kontakt z sekretariatem'], eyebrow: 'Dla nauczycieli i pracowników', heading: 'Pierwsze logowanie do szkolnego konta', steps: [['Zaloguj się', 'szkolnym adresem imię.nazwisko i hasłem z koperty od dyrekcji.'], ['Włącz weryfikację dwuetapową', 'aplikacją w telefonie — bez niej konto zablokuje się po tygodniu.'], ['Otwórz dysk swojego zespołu', 'pliki są już przeniesione, nie szukaj ich w załącznikach.']], drives: 'Dyski współdzielone', list: [['Sekretariat', 'zarządzanie'], ['Zespół matematyczno-przyrodniczy', 'edycja'], ['Zespół humanistyczny', 'edycja'], ['Świetlica', 'komentowanie']], alert: 'Podejrzana wiadomość? Zgłoś ją przyciskiem „Zgłoś phishing” w poczcie.' },
  en: { nav: ['Help', 'Contact the office'], eyebrow: 'For teachers and staff', heading: 'Signing in to your school account for the first time', steps: [['Sign in', 'with your school address, first.last, and the password from the head’s envelope.'], ['Turn on 2-step verification', 'with an app on your phone — without it the account locks after a week.'], ["Open your team's drive", 'your files are already there; no need to dig through attachments.']], drives: 'Shared drives', list: [['School office', 'manager'], ['Maths and science team', 'editor'], ['Humanities team', 'editor'], ['After-school club', 'commenter']], alert: 'A suspicious message? Report it with the “Report phishing” button in your mail.' },
};

const mocks = {
  'foundation-website'(data, locale) {
    const w = foundation[locale];
    return `${siteHeader(clientName(data), w.nav, w.action)}
<main class="m-split">
  <section class="m-hero"><p class="m-eyebrow">${escape(w.eyebrow)}</p><h1>${escape(w.heading)}</h1><p class="m-lead">${escape(w.lead)}</p>
    <p class="m-actions"><span class="m-button">${escape(w.primary)}</span><span class="m-button m-ghost">${escape(w.secondary)}</span></p></section>
  <section class="m-card"><h2>${escape(w.form)}</h2>
    <div class="m-toggle"><span class="m-on">${escape(w.once)}</span><span>${escape(w.monthly)}</span></div>
    <div class="m-grid">${w.amounts.map((amount, index) => `<span class="m-choice${index === 1 ? ' m-on' : ''}">${escape(amount)}</span>`).join('')}</div>
    <div class="m-grid m-three">${w.methods.map((method, index) => `<span class="m-choice${index === 0 ? ' m-on' : ''}">${escape(method)}</span>`).join('')}</div>
    <span class="m-button m-wide">${escape(w.pay)}</span><p class="m-note">${escape(w.thanks)}</p></section>
</main>`;
  },
  'bakery-automation'(data, locale) {
    const w = bakery[locale];
    return `${siteHeader(clientName(data), w.nav, w.customer)}
<main class="m-split m-wide-left">
  <section><h1 class="m-h1-small">${escape(w.heading)}</h1><p class="m-alert">${escape(w.cutoff)}</p>
    <table class="m-table"><thead><tr><th>${escape(w.product)}</th><th>${escape(w.usual)}</th><th>${escape(w.quantity)}</th></tr></thead>
    <tbody>${w.items.map(([name, usual, quantity]) => `<tr><td>${escape(name)}</td><td class="m-muted">${usual}</td><td><span class="m-input">${quantity}</span></td></tr>`).join('')}</tbody></table></section>
  <section class="m-card"><h2>${escape(w.summary)}</h2><dl class="m-facts"><div><dt>${escape(w.lines)}</dt><dd>${escape(w.total)}</dd></div><div><dt>${escape(w.delivery)}</dt><dd>${escape(w.deliveryTime)}</dd></div></dl>
    <span class="m-button m-wide">${escape(w.send)}</span><p class="m-note">${escape(w.note)}</p></section>
</main>`;
  },
  'school-cloud'(data, locale) {
    const w = school[locale];
    return `${siteHeader(clientName(data), w.nav)}
<main class="m-split m-wide-left">
  <section><p class="m-eyebrow">${escape(w.eyebrow)}</p><h1 class="m-h1-small">${escape(w.heading)}</h1>
    <ol class="m-steps">${w.steps.map(([title, text], index) => `<li><span class="m-number">${index + 1}</span><span><strong>${escape(title)}</strong> ${escape(text)}</span></li>`).join('')}</ol>
    <p class="m-alert m-fold">${escape(w.alert)}</p></section>
  <section class="m-card"><h2>${escape(w.drives)}</h2><ul class="m-drives">${w.list.map(([name, role]) => `<li><span class="m-folder" aria-hidden="true"></span>${escape(name)}<span class="m-badge">${escape(role)}</span></li>`).join('')}</ul></section>
</main>`;
  },
};

function generic(data) {
  return `${siteHeader(clientName(data), [], '')}
<main class="m-split"><section class="m-hero"><p class="m-eyebrow">${escape(data.client.type)}</p><h1>${escape(clientName(data))}</h1><p class="m-lead">${escape(data.description)}</p></section>
<section class="m-card"><ul class="m-drives">${data.work.slice(0, 4).map((step) => `<li>${escape(step)}</li>`).join('')}</ul></section></main>`;
}

/** The mock page's styles: the site's own light tokens and display face, with the client's accent. */
function styles(tokens, fontFaces, accent) {
  return `${fontFaces}
:root { ${tokens} --client: ${accent}; }
* { box-sizing: border-box; }
/* Zoomed so the page fills the 1280×720 frame and its words stay legible when the picture is shown small. */
body { margin: 0; zoom: 1.15; width: 1113px; height: 626px; overflow: hidden; background: var(--paper); color: var(--ink); font-family: var(--font-text); font-size: 18px; line-height: 1.45; }
h1, h2, .m-logo { font-family: var(--font-display); font-weight: 700; letter-spacing: -0.02em; margin: 0; }
.m-head { display: flex; align-items: center; justify-content: space-between; padding: 22px 56px; background: var(--surface); border-bottom: 1px solid var(--line); }
.m-logo { display: flex; align-items: center; gap: 12px; font-size: 24px; }
.m-mark { width: 30px; height: 30px; border-radius: 50% 50% 50% 6px; background: var(--client); }
.m-nav { display: flex; align-items: center; gap: 28px; color: var(--muted); font-size: 17px; }
.m-split { display: grid; grid-template-columns: 1.15fr 1fr; gap: 48px; padding: 44px 56px; align-items: start; }
.m-wide-left { grid-template-columns: 1.5fr 1fr; }
.m-eyebrow { margin: 0 0 10px; color: var(--client); font-weight: 700; font-size: 16px; text-transform: uppercase; letter-spacing: 0.06em; }
.m-hero h1 { font-size: 50px; line-height: 1.05; }
.m-h1-small { font-size: 36px; line-height: 1.1; margin-bottom: 18px; }
.m-lead { color: var(--muted); font-size: 20px; margin: 18px 0 26px; }
.m-actions { display: flex; gap: 14px; margin: 0; }
.m-button { display: inline-block; padding: 14px 24px; border-radius: 999px; background: var(--client); color: #fff; font-weight: 700; }
.m-small { padding: 8px 18px; font-size: 16px; }
.m-ghost { background: transparent; color: var(--client); border: 2px solid var(--client); }
.m-wide { display: block; text-align: center; margin-top: 20px; }
.m-card { background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius-l); padding: 28px; box-shadow: var(--shadow); }
.m-card h2 { font-size: 26px; margin-bottom: 18px; }
.m-toggle { display: grid; grid-template-columns: 1fr 1fr; background: var(--tint); border-radius: 999px; padding: 4px; margin-bottom: 16px; text-align: center; font-weight: 600; }
.m-toggle span { padding: 8px; border-radius: 999px; }
.m-toggle .m-on { background: var(--surface); box-shadow: var(--shadow); }
.m-grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 10px; margin-bottom: 12px; }
.m-three { grid-template-columns: repeat(3, 1fr); }
.m-choice { border: 2px solid var(--line); border-radius: var(--radius); padding: 10px 6px; text-align: center; font-weight: 600; font-size: 16px; }
.m-choice.m-on { border-color: var(--client); color: var(--client); background: color-mix(in srgb, var(--client) 8%, var(--surface)); }
.m-note { color: var(--muted); font-size: 15px; margin: 12px 0 0; text-align: center; }
.m-alert { background: color-mix(in srgb, var(--client) 10%, var(--surface)); border-left: 5px solid var(--client); border-radius: var(--radius-s); padding: 12px 16px; margin: 0 0 18px; font-weight: 600; }
.m-table { width: 100%; border-collapse: collapse; background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius); }
.m-table th { text-align: left; font-size: 15px; color: var(--muted); padding: 10px 16px; border-bottom: 1px solid var(--line); }
.m-table td { padding: 9px 16px; border-bottom: 1px solid var(--line); }
.m-muted { color: var(--muted); }
.m-input { display: inline-block; min-width: 70px; padding: 4px 12px; border: 1px solid var(--line-strong); border-radius: var(--radius-s); text-align: right; }
.m-facts { margin: 0; }
.m-facts div { display: flex; justify-content: space-between; padding: 10px 0; border-bottom: 1px solid var(--line); }
.m-facts dt { color: var(--muted); } .m-facts dd { margin: 0; font-weight: 700; }
.m-steps { list-style: none; margin: 0 0 22px; padding: 0; display: grid; gap: 16px; }
.m-steps li { display: flex; gap: 16px; align-items: flex-start; font-size: 19px; }
.m-number { flex: none; width: 38px; height: 38px; border-radius: 50%; background: var(--client); color: #fff; display: grid; place-items: center; font-weight: 700; font-family: var(--font-display); }
.m-drives { list-style: none; margin: 0; padding: 0; }
.m-drives li { display: flex; align-items: center; gap: 12px; padding: 13px 0; border-bottom: 1px solid var(--line); font-weight: 600; }
.m-folder { flex: none; width: 26px; height: 20px; border-radius: 3px 8px 4px 4px; background: var(--client); opacity: 0.85; }
.m-badge { margin-left: auto; font-size: 14px; font-weight: 600; color: var(--client); border: 1px solid var(--client); border-radius: 999px; padding: 2px 10px; }
/* The same page on a phone: one column, the form or the list first, the menu folded. */
body.phone { zoom: 1; width: 390px; height: 560px; font-size: 16px; }
.phone .m-head { padding: 14px 18px; flex-wrap: wrap; gap: 8px; }
.phone .m-logo { font-size: 18px; gap: 8px; }
.phone .m-mark { width: 22px; height: 22px; }
.phone .m-nav > span:not(.m-button), .phone .m-fold { display: none; }
.phone .m-logo, .phone .m-nav .m-button { white-space: nowrap; }
.phone .m-nav .m-button { padding: 6px 12px; font-size: 13px; }
.phone .m-split { grid-template-columns: 1fr; gap: 22px; padding: 18px; }
.phone .m-card { order: -1; padding: 18px; }
.phone .m-wide-left .m-card { order: 1; }
.phone .m-card h2 { font-size: 21px; margin-bottom: 12px; }
.phone .m-hero h1 { font-size: 28px; }
.phone .m-h1-small { font-size: 26px; margin-bottom: 12px; }
.phone .m-lead, .phone .m-actions { display: none; }
.phone .m-grid { grid-template-columns: repeat(2, 1fr); }
.phone .m-three { grid-template-columns: repeat(3, 1fr); }
.phone .m-table td, .phone .m-table th { padding: 8px 10px; }
.phone .m-input { min-width: 48px; }
.phone .m-steps li { font-size: 16px; gap: 12px; }
.phone .m-number { width: 32px; height: 32px; }
`;
}

/** The whole HTML page of one case's mock-up, as a computer shows it or (`phone`) as a phone does. */
export function mockPage(data, locale, { tokens, fontFaces, phone = false }) {
  const body = (mocks[data.translationKey] ?? generic)(data, locale);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escape(clientName(data))}</title>
<style>${styles(tokens, fontFaces, accents[data.client.sector] ?? 'var(--deep)')}</style></head><body${phone ? ' class="phone"' : ''}>${body}</body></html>`;
}

/** Whether the case has a mock of its own (else the generic page). */
export const hasOwnMock = (translationKey) => translationKey in mocks;
