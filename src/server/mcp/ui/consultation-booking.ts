/**
 * ui://site/consultation-booking: the booking flow inside an MCP host. consultation_availability
 * lists slots, the person picks one and confirms their details, then consultation_book.
 */
import { appDocument, viewStrings } from './runtime';

const body = `
<main>
  <h1 data-t="title"></h1>
  <p id="intro" data-t="pick"></p>
  <div id="slots" class="slots" role="group" aria-labelledby="intro"></div>
  <p id="linkOnly" hidden><span data-t="linkOnly"></span> <a id="bookingLink" href="#" rel="noopener" target="_blank"></a></p>
  <form id="form" hidden novalidate>
    <p><strong data-t="chosen"></strong> <span id="chosen"></span></p>
    <label><span data-t="fullName"></span><input name="fullName" autocomplete="name" minlength="3" required></label>
    <label><span data-t="email"></span><input name="email" type="email" autocomplete="email" required></label>
    <label><span data-t="phone"></span><input name="phone" type="tel" autocomplete="tel"></label>
    <label><span data-t="notes"></span><textarea name="notes"></textarea></label>
    <button type="submit" data-t="confirm"></button>
  </form>
  <p id="status" class="status" role="status" hidden></p>
</main>`;

const script = `
const strings = ${viewStrings('booking')};
let text = site.translate(strings);
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Warsaw';
const slotsBox = document.getElementById('slots');
const form = document.getElementById('form');
const status = document.getElementById('status');
let chosen = null;
let prefill = {};
function show(message, ok) { status.hidden = !message; status.className = 'status ' + (ok ? 'ok' : 'error'); status.textContent = message || ''; }
function resultText(result) { return ((result && result.content) || []).filter((block) => block.type === 'text').map((block) => block.text)[0] || ''; }
function showLink(url) {
  show('', true);
  const link = document.getElementById('bookingLink');
  link.href = url; link.textContent = url;
  link.onclick = (event) => { event.preventDefault(); site.openLink(url); };
  document.getElementById('linkOnly').hidden = false;
  document.getElementById('intro').hidden = true; form.hidden = true; slotsBox.replaceChildren();
}
function renderSlots(data) {
  if (!data) return;
  if (data.mode === 'link_only' || !data.slots || data.slots.length === 0) {
    if (data.bookingUrl) showLink(data.bookingUrl); else show(text.none, false);
    return;
  }
  show('', true);
  slotsBox.replaceChildren(...data.slots.map((slot) => {
    const button = document.createElement('button');
    button.type = 'button'; button.className = 'slot'; button.textContent = slot.label;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => {
      chosen = slot;
      for (const other of slotsBox.children) other.setAttribute('aria-pressed', String(other === button));
      document.getElementById('chosen').textContent = slot.label;
      form.hidden = false;
      for (const name of ['fullName', 'email', 'phone', 'notes']) if (typeof prefill[name] === 'string' && !form.elements[name].value) form.elements[name].value = prefill[name];
    });
    return button;
  }));
}
async function loadSlots() {
  show(text.loading, true);
  try {
    const result = await site.callTool('consultation_availability', { locale: site.locale, timeZone });
    if (result.isError) show(resultText(result), false); else renderSlots(result.structuredContent);
  } catch (error) { show(error.message, false); }
}
let gotResult = false;
site.handlers.context = () => { text = site.translate(strings); };
site.handlers.toolInput = (args) => { prefill = args || {}; };
site.handlers.toolResult = (result) => {
  gotResult = true;
  const data = result.structuredContent || {};
  if (data.mode === 'booked') { slotsBox.replaceChildren(); form.hidden = true; document.getElementById('intro').hidden = true; show(resultText(result), true); }
  else if (data.mode === 'slot_unavailable') { show(resultText(result), false); renderSlots({ slots: data.alternatives, bookingUrl: data.bookingUrl }); }
  else if (data.mode === 'link_only' && data.bookingUrl) showLink(data.bookingUrl);
  else if (data.slots) renderSlots(data);
};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const values = Object.fromEntries(new FormData(form));
  if (!chosen || (values.fullName || '').trim().length < 3 || !/^[^@\\s]+@[^@\\s]+$/.test(values.email || '')) { show(text.invalid, false); return; }
  const args = { fullName: values.fullName.trim(), email: values.email.trim(), timeZone, start: chosen.start, locale: site.locale };
  if (values.phone.trim()) args.phone = values.phone.trim();
  if (values.notes.trim()) args.notes = values.notes.trim();
  const button = form.querySelector('button');
  button.disabled = true; show(text.booking, true);
  try {
    const result = await site.callTool('consultation_book', args);
    const data = result.structuredContent || {};
    if (data.mode === 'booked') { slotsBox.replaceChildren(); form.hidden = true; document.getElementById('intro').hidden = true; show(resultText(result), true); }
    else if (data.mode === 'slot_unavailable') { show(resultText(result), false); renderSlots({ slots: data.alternatives, bookingUrl: data.bookingUrl }); form.hidden = true; }
    else if (data.mode === 'link_only' && data.bookingUrl) showLink(data.bookingUrl);
    else show(resultText(result), !result.isError);
  } catch (error) { show(error.message, false); }
  finally { button.disabled = false; }
});
site.connect('site-consultation-booking')
  .then(() => { text = site.translate(strings); if (!gotResult) return loadSlots(); })
  .catch(() => {});
`;

export const consultationBookingHtml = appDocument('Konsultacja / Consultation', body, script);
