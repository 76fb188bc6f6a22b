// The brand wizard's only script (/wizard.js, loaded with the page's CSP nonce; docs/decisions/0053):
// as the form changes it posts the form to /api/network/drafts.php (debounced), then points the
// preview frames at the refreshed draft and shows the problems beside their fields and the contrast
// checks as the server worked them out. Without it the form's "Preview" button does the same.
export const WIZARD_SCRIPT = `(() => {
  const form = document.getElementById('wizard');
  if (!form) return;
  const status = document.getElementById('preview-status');
  const editing = form.dataset.wizard === 'edit' ? form.action.split('/').slice(-2, -1)[0] : '';
  let timer = 0;
  let version = 0;
  let pending = null;
  const refresh = async () => {
    const body = new URLSearchParams(new FormData(form));
    if (editing) body.set('editing', decodeURIComponent(editing));
    if (pending) pending.abort();
    pending = new AbortController();
    let answer;
    try {
      const response = await fetch('/api/network/drafts.php', { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin', signal: pending.signal });
      if (!response.ok) return;
      answer = await response.json();
    } catch {
      return;
    }
    form.elements.namedItem('draft').value = answer.token || '';
    version += 1;
    for (const frame of document.querySelectorAll('[data-page] iframe')) {
      const page = frame.closest('[data-page]').dataset.page;
      frame.src = answer.preview ? answer.preview[page] + '?v=' + version : 'about:blank';
    }
    for (const slot of document.querySelectorAll('[data-error-for]')) {
      const lines = answer.fields[slot.dataset.errorFor] || [];
      slot.replaceChildren(...lines.map((line) => Object.assign(document.createElement('span'), { textContent: line })));
      const input = document.getElementById('field-' + slot.dataset.errorFor);
      if (input) input.toggleAttribute('aria-invalid', lines.length > 0);
    }
    for (const check of answer.contrast) {
      const item = document.querySelector('[data-contrast="' + check.id + '"]');
      if (!item) continue;
      if (check.bg) item.querySelector('.sample rect').setAttribute('fill', check.bg);
      if (check.fg) item.querySelector('.sample text').setAttribute('fill', check.fg);
      item.querySelector('.ratio').textContent = check.ratio === null ? '–' : check.ratio.toLocaleString(document.documentElement.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + ':1';
      const verdict = item.querySelector('.pass, .fail');
      verdict.className = check.pass ? 'pass' : 'fail';
      verdict.textContent = verdict.dataset[check.pass ? 'pass' : 'fail'];
    }
    for (const swatch of document.querySelectorAll('[data-swatch]')) {
      const value = form.elements.namedItem('color_' + swatch.dataset.swatch).value;
      if (/^#[0-9a-f]{6}$/i.test(value)) swatch.style.background = value;
    }
    // The list of problems at the top follows the fields; it goes once there are none.
    const summary = document.getElementById('summary');
    if (summary) {
      const list = summary.querySelector('ul');
      const items = Object.entries(answer.fields).flatMap(([anchor, lines]) => lines.map((line) => {
        const item = document.createElement('li');
        item.appendChild(Object.assign(document.createElement('a'), { href: '#error-' + anchor, textContent: line }));
        return item;
      }));
      if (list) list.replaceChildren(...items);
      summary.querySelector('h2').textContent = answer.message;
      summary.hidden = items.length === 0;
    }
    if (status) status.textContent = answer.message;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 600);
  };
  form.addEventListener('input', schedule);
  form.addEventListener('change', schedule);
})();
`;
