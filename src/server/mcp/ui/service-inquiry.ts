/** ui://site/service-inquiry: a form that sends service_inquiry_submit through the MCP host. */
import { appDocument, viewStrings } from './runtime';

const body = `
<main>
  <h1 data-t="title"></h1>
  <form id="form" novalidate>
    <label><span data-t="fullName"></span><input name="fullName" autocomplete="name" minlength="3" required></label>
    <label><span data-t="email"></span><input name="email" type="email" autocomplete="email" required></label>
    <label><span data-t="phone"></span><input name="phone" type="tel" autocomplete="tel"></label>
    <label><span data-t="supportArea"></span><input name="supportArea" list="areas" minlength="3" required data-t-placeholder="supportAreaPlaceholder"></label>
    <datalist id="areas"><option value="Strona internetowa / Website"><option value="Wsparcie IT / IT support"><option value="Automatyzacja / Automation"></datalist>
    <label><span data-t="notes"></span><textarea name="notes" data-t-placeholder="notesPlaceholder"></textarea></label>
    <button type="submit" data-t="send"></button>
  </form>
  <p id="status" class="status" role="status" hidden></p>
</main>`;

const script = `
const strings = ${viewStrings('inquiry')};
let text = site.translate(strings);
const form = document.getElementById('form');
const status = document.getElementById('status');
function show(message, ok) { status.hidden = false; status.className = 'status ' + (ok ? 'ok' : 'error'); status.textContent = message; }
function resultText(result) { return ((result && result.content) || []).filter((block) => block.type === 'text').map((block) => block.text)[0] || ''; }
site.handlers.context = () => { text = site.translate(strings); };
site.handlers.toolInput = (args) => {
  for (const name of ['fullName', 'email', 'phone', 'supportArea', 'notes']) if (typeof args[name] === 'string') form.elements[name].value = args[name];
};
site.handlers.toolResult = (result) => {
  if (!result.isError && result.structuredContent && result.structuredContent.ok) { form.hidden = true; show(resultText(result), true); }
  else if (result.isError) show(resultText(result), false);
};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const values = Object.fromEntries(new FormData(form));
  if ((values.fullName || '').trim().length < 3 || !/^[^@\\s]+@[^@\\s]+$/.test(values.email || '') || (values.supportArea || '').trim().length < 3) { show(text.invalid, false); return; }
  const args = { fullName: values.fullName.trim(), email: values.email.trim(), supportArea: values.supportArea.trim(), locale: site.locale };
  if (values.phone.trim()) args.phone = values.phone.trim();
  if (values.notes.trim()) args.notes = values.notes.trim();
  const button = form.querySelector('button');
  button.disabled = true; show(text.sending, true);
  try {
    const result = await site.callTool('service_inquiry_submit', args);
    if (result.isError) show(resultText(result), false);
    else { form.hidden = true; show(resultText(result), true); }
  } catch (error) { show(error.message, false); }
  finally { button.disabled = false; }
});
site.connect('site-service-inquiry').then(() => { text = site.translate(strings); }).catch(() => {});
`;

export const serviceInquiryHtml = appDocument('Zapytanie o usługę / Service inquiry', body, script);
