// The preview page: every request goes through the public API with the tab's token.
// No framework, no build step. User text is only ever set with textContent; the menu is the
// server's SVG (its text escaped as XML) parsed with DOMParser, never inserted as HTML.
'use strict';

(() => {
  const TOKEN_KEY = 'quickactiond.token';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const state = {
    token: sessionStorage.getItem(TOKEN_KEY),
    appearance: 'light',
    placement: 'above',
    platform: 'ios',
    language: '',
    markWarnings: false,
    query: '',
    editing: null,
    items: [],
    stream: null,
  };
  const $ = (id) => document.getElementById(id);

  class Unauthorized extends Error {}

  /** An answer other than 2xx or 401: its status and its problem document (RFC 9457), if any. */
  class ApiError extends Error {
    constructor(message, status, problem) {
      super(message);
      this.status = status;
      this.problem = problem;
    }
  }

  /** An element with text content and attributes; never HTML. */
  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function say(text) { $('status').textContent = text; }

  async function api(method, path, options) {
    const headers = new Headers((options && options.headers) || {});
    if (state.token) headers.set('Authorization', 'Bearer ' + state.token);
    if (state.language) headers.set('Accept-Language', state.language);
    const init = { method, headers, cache: 'no-store' };
    if (options && options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(options.body);
    }
    if (options && options.signal) init.signal = options.signal;
    const response = await fetch(path, init);
    if (response.status === 401) throw new Unauthorized('The token was refused.');
    if (!response.ok) {
      let detail = response.statusText;
      let problem = null;
      try {
        problem = await response.json();
        detail = problem.detail || problem.title || detail;
      } catch (_) { /* not a problem document */ }
      throw new ApiError(`${method} ${path}: ${response.status} ${detail}`, response.status, problem);
    }
    return response;
  }

  function failed(error) {
    if (error instanceof Unauthorized) {
      askForToken(error.message);
    } else if (error && error.name !== 'AbortError') {
      say(String(error.message || error));
    }
  }

  // The menu: the server's SVG, parsed as XML and adopted into the page.
  async function renderMenu() {
    const params = new URLSearchParams({ appearance: state.appearance, placement: state.placement, platform: state.platform });
    if (state.markWarnings) params.set('warnings', 'true');
    if (state.language) params.set('lang', state.language);
    const response = await api('GET', '/shortcuts/preview.svg?' + params.toString());
    const text = await response.text();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = doc.documentElement;
    if (svg.namespaceURI !== SVG_NS || svg.localName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) {
      throw new Error('The preview is not an SVG document.');
    }
    for (const node of svg.querySelectorAll('script, foreignObject, a, image, use')) node.remove();
    const figure = $('menu');
    figure.replaceChildren(document.importNode(svg, true));
    figure.dataset.version = svg.getAttribute('data-list-version') || '';
    figure.dataset.appearance = state.appearance;
    figure.dataset.placement = svg.getAttribute('data-placement') || '';
    figure.dataset.platform = svg.getAttribute('data-platform') || '';
    figure.dataset.language = svg.getAttribute('xml:lang') || '';
  }

  /** Why a dynamic item is where it is, from its `explain` (GET /shortcuts?explain=true). */
  function reasonText(explain) {
    switch (explain && explain.reason) {
      case 'pinned': return `pinned #${explain.pinOrder}`;
      case 'score': return `score ${explain.score}`;
      case 'created': return 'by creation (never picked)';
      case 'name': return 'by name';
      case 'scheduled': return `scheduled until ${explain.until}`;
      default: return '';
    }
  }

  async function renderList() {
    // explain: each dynamic item's reason; include=disabled: the items a device may still show,
    // after the others (no ETag: this list is built for the request).
    const response = await api('GET', '/shortcuts?explain=true&include=disabled');
    const list = await response.json();
    state.items = list.items.filter((item) => item.enabled !== false);
    const items = $('items');
    items.replaceChildren();
    state.items.forEach((item) => {
      const pinned = item.explain && item.explain.reason === 'pinned';
      const li = el('li', { class: ['item', item.visible ? '' : 'hidden', pinned ? 'pinned' : ''].join(' ').trim() });
      li.append(el('span', { class: 'title' }, item.localizedTitle));
      if (item.localizedSubtitle) li.append(' ', el('span', { class: 'subtitle' }, item.localizedSubtitle));
      li.append(' ', el('span', { class: 'meta' }, `${item.kind} · ${item.type}`));
      const reason = reasonText(item.explain);
      if (reason) li.append(' ', el('span', { class: 'reason' }, reason));
      if (item.visible) {
        const button = el('button', { type: 'button', class: 'trigger', 'aria-label': `Trigger ${item.localizedTitle}` }, 'Trigger');
        button.addEventListener('click', () => trigger(item).catch(failed));
        li.append(' ', button);
      }
      items.append(li);
    });
    const disabled = $('disabled');
    disabled.replaceChildren();
    const gone = list.items.filter((item) => item.enabled === false);
    $('disabled-heading').hidden = gone.length === 0;
    for (const item of gone) {
      const contact = item.userInfo && item.userInfo.contactId ? ` ${item.userInfo.contactId}` : '';
      disabled.append(el('li', { class: 'disabled-item' }, `${item.type}${contact}: ${item.disabledMessage}`));
    }
    const warnings = $('warnings');
    warnings.replaceChildren();
    if (list.warnings.length === 0) warnings.append(el('li', {}, 'None'));
    list.warnings.forEach((warning) => {
      const where = warning.index === undefined ? '' : `Item ${warning.index + 1}: `;
      warnings.append(el('li', { class: 'warning' }, `${where}${warning.rule}: ${warning.message}`));
    });
  }

  async function trigger(item) {
    const body = { type: item.type, launch: 'warm', deviceId: 'preview-page' };
    if (item.userInfo) body.userInfo = item.userInfo;
    const key = idempotencyKey();
    await api('POST', '/trigger', { body, headers: { 'Idempotency-Key': key } });
    say(`Triggered ${item.localizedTitle}.`);
    await renderTriggers();
  }

  /** A fresh random key: crypto.randomUUID exists only in secure contexts (https, loopback). */
  function idempotencyKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  async function renderTriggers() {
    const response = await api('GET', '/triggers?limit=10');
    const { triggers } = await response.json();
    const list = $('triggers');
    list.replaceChildren();
    if (triggers.length === 0) list.append(el('li', {}, 'None yet'));
    for (const record of triggers) {
      list.append(el('li', { class: 'trigger-record' }, `${record.receivedAt} ${record.type}: ${record.message}`));
    }
  }

  async function renderContacts() {
    const params = new URLSearchParams({ limit: '100' });
    if (state.query) params.set('q', state.query);
    const response = await api('GET', '/contacts?' + params.toString());
    const { contacts } = await response.json();
    const list = $('contacts');
    list.replaceChildren();
    if (contacts.length === 0) list.append(el('li', {}, 'No contacts'));
    for (const contact of contacts) {
      const li = el('li', { class: 'contact', 'data-id': contact.id });
      li.append(el('span', { class: 'name' }, contact.name));
      if (contact.email) li.append(el('span', { class: 'meta' }, contact.email));
      const favorite = el('button', {
        type: 'button', class: 'favorite', 'aria-pressed': String(contact.favorite), 'aria-label': `Favorite ${contact.name}`,
      }, contact.favorite ? '★ Favorite' : '☆ Favorite');
      favorite.addEventListener('click', () => {
        api(contact.favorite ? 'DELETE' : 'POST', `/contacts/${encodeURIComponent(contact.id)}/favorite`)
          .then(renderContacts).catch(failed);
      });
      const buttons = [favorite];
      if (contact.favorite) {
        // Only a favorite can be pinned (the API answers 422 for another contact).
        const pin = el('button', {
          type: 'button', class: 'pin', 'aria-pressed': String(Boolean(contact.pinned)), 'aria-label': `Pin ${contact.name}`,
        }, 'Pin');
        pin.addEventListener('click', () => {
          api('PATCH', `/contacts/${encodeURIComponent(contact.id)}`, { body: { pinned: !contact.pinned } }).then(() => {
            say(`${contact.pinned ? 'Unpinned' : 'Pinned'} ${contact.name}.`);
            return renderContacts();
          }).catch(failed);
        });
        buttons.push(pin);
      }
      const edit = el('button', { type: 'button', class: 'edit', 'aria-label': `Edit ${contact.name}` }, 'Edit');
      edit.addEventListener('click', () => startEditing(contact));
      const remove = el('button', { type: 'button', class: 'delete', 'aria-label': `Delete ${contact.name}` }, 'Delete');
      remove.addEventListener('click', () => {
        api('DELETE', `/contacts/${encodeURIComponent(contact.id)}`).then(() => {
          say(`Deleted ${contact.name}.`);
          return renderContacts();
        }).catch(failed);
      });
      li.append(...buttons, edit, remove);
      list.append(li);
    }
  }

  function startEditing(contact) {
    state.editing = contact;
    $('contact-form-heading').textContent = `Edit ${contact.name}`;
    $('contact-name').value = contact.name;
    $('contact-email').value = contact.email || '';
    $('contact-favorite').checked = contact.favorite;
    $('contact-submit').textContent = 'Save contact';
    $('contact-cancel').hidden = false;
    $('contact-name').focus();
  }

  function stopEditing() {
    state.editing = null;
    $('contact-form').reset();
    $('contact-form-heading').textContent = 'New contact';
    $('contact-submit').textContent = 'Create contact';
    $('contact-cancel').hidden = true;
  }

  async function submitContact(event) {
    event.preventDefault();
    const name = $('contact-name').value.trim();
    const email = $('contact-email').value.trim();
    const favorite = $('contact-favorite').checked;
    if (state.editing) {
      await api('PATCH', `/contacts/${encodeURIComponent(state.editing.id)}`, { body: { name, email: email || null, favorite } });
      say(`Saved ${name}.`);
    } else {
      const body = { name, favorite };
      if (email) body.email = email;
      await api('POST', '/contacts', { body });
      say(`Created ${name}.`);
    }
    stopEditing();
    await renderContacts();
  }

  // Scheduled items: GET /scheduled-items is the admin token's with --accounts, so an account
  // token (403) gets the page without this section.
  const SCHEDULE_FIELDS = ['type', 'title', 'subtitle', 'from', 'until'];

  async function renderScheduled() {
    let response;
    try {
      response = await api('GET', '/scheduled-items');
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        $('schedule-section').hidden = true;
        return;
      }
      throw error;
    }
    $('schedule-section').hidden = false;
    const { items } = await response.json();
    const list = $('scheduled');
    list.replaceChildren();
    if (items.length === 0) list.append(el('li', {}, 'None'));
    for (const item of items) {
      const title = item.title.default;
      const li = el('li', { class: 'scheduled-item', 'data-id': item.id });
      li.append(el('span', { class: 'title' }, title));
      li.append(el('span', { class: 'meta' }, `${item.type} · ${localTime(item.from)} to ${localTime(item.until)}`));
      const remove = el('button', { type: 'button', class: 'delete', 'aria-label': `Delete scheduled ${title}` }, 'Delete');
      remove.addEventListener('click', () => {
        api('DELETE', `/scheduled-items/${encodeURIComponent(item.id)}`).then(() => {
          say(`Deleted ${title}.`);
          return renderScheduled();
        }).catch(failed);
      });
      li.append(remove);
      list.append(li);
    }
  }

  function localTime(rfc3339) {
    const date = new Date(rfc3339);
    return Number.isNaN(date.getTime()) ? rfc3339 : date.toLocaleString();
  }

  /** A `datetime-local` value as RFC 3339 with the browser's offset at that time, or '' when empty. */
  function withOffset(local) {
    const date = new Date(local);
    if (!local || Number.isNaN(date.getTime())) return '';
    const two = (n) => String(n).padStart(2, '0');
    const minutes = -date.getTimezoneOffset();
    const offset = `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
      `T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}${offset}`;
  }

  function clearScheduleErrors() {
    for (const field of SCHEDULE_FIELDS) {
      $(`schedule-${field}`).removeAttribute('aria-invalid');
      $(`schedule-${field}-error`).textContent = '';
    }
    $('schedule-error').textContent = '';
  }

  async function submitSchedule(event) {
    event.preventDefault();
    clearScheduleErrors();
    const body = {
      type: $('schedule-type').value.trim(),
      title: { default: $('schedule-title').value.trim() },
      from: withOffset($('schedule-from').value),
      until: withOffset($('schedule-until').value),
    };
    const subtitle = $('schedule-subtitle').value.trim();
    if (subtitle) body.subtitle = { default: subtitle };
    try {
      await api('POST', '/scheduled-items', { body });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      // The problem names the field it is about: its detail goes next to that input.
      const field = error.problem && error.problem.field;
      const detail = (error.problem && (error.problem.detail || error.problem.title)) || error.message;
      if (SCHEDULE_FIELDS.includes(field)) {
        $(`schedule-${field}`).setAttribute('aria-invalid', 'true');
        $(`schedule-${field}-error`).textContent = detail;
        $(`schedule-${field}`).focus();
      } else {
        $('schedule-error').textContent = detail;
      }
      return;
    }
    say(`Scheduled ${body.title.default}.`);
    $('schedule-form').reset();
    await renderScheduled();
  }

  // Server-Sent Events through fetch, so the Authorization header goes along (EventSource
  // cannot send one); reconnects when the stream ends.
  async function follow() {
    const controller = new AbortController();
    state.stream = controller;
    let delay = 500;
    while (state.stream === controller) {
      try {
        const response = await api('GET', '/events', { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
        delay = 500;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer = (buffer + value).replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            dispatch(block);
          }
        }
      } catch (error) {
        if (error instanceof Unauthorized) { failed(error); return; }
        if (controller.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10000);
    }
  }

  function dispatch(block) {
    let event = 'message';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
    }
    if (event === 'shortcuts') {
      Promise.all([renderMenu(), renderList(), renderScheduled()]).then(() => say('Up to date.')).catch(failed);
    } else if (event === 'trigger') {
      renderTriggers().catch(failed);
    }
  }

  function askForToken(message) {
    if (state.stream) state.stream.abort();
    state.stream = null;
    $('app').hidden = true;
    $('token-form').hidden = false;
    $('token-error').textContent = message || '';
    $('token').focus();
  }

  async function start() {
    $('token-form').hidden = true;
    $('app').hidden = false;
    await Promise.all([renderMenu(), renderList(), renderContacts(), renderTriggers(), renderScheduled()]);
    say('Up to date.');
    follow();
  }

  function refreshShortcuts() { Promise.all([renderMenu(), renderList()]).catch(failed); }

  document.addEventListener('DOMContentLoaded', () => {
    $('token-form').addEventListener('submit', (event) => {
      event.preventDefault();
      state.token = $('token').value.trim();
      sessionStorage.setItem(TOKEN_KEY, state.token);
      start().catch(failed);
    });
    $('appearance').addEventListener('click', () => {
      state.appearance = state.appearance === 'light' ? 'dark' : 'light';
      $('appearance').setAttribute('aria-pressed', String(state.appearance === 'dark'));
      document.body.classList.toggle('dark', state.appearance === 'dark');
      renderMenu().catch(failed);
    });
    $('language').addEventListener('change', () => {
      state.language = $('language').value;
      refreshShortcuts();
    });
    // Radio groups: arrow keys move between the choices, as browsers make them.
    for (const name of ['placement', 'platform']) {
      $(name).addEventListener('change', (event) => {
        state[name] = event.target.value;
        renderMenu().catch(failed);
      });
    }
    $('mark-warnings').addEventListener('change', () => {
      state.markWarnings = $('mark-warnings').checked;
      renderMenu().catch(failed);
    });
    let searchTimer = null;
    $('search').addEventListener('input', () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        state.query = $('search').value;
        renderContacts().catch(failed);
      }, 150);
    });
    $('contact-form').addEventListener('submit', (event) => submitContact(event).catch(failed));
    $('contact-cancel').addEventListener('click', stopEditing);
    $('schedule-form').addEventListener('submit', (event) => submitSchedule(event).catch(failed));
    // The token is asked for once per tab; an empty answer means the service has none.
    if (state.token === null) askForToken(''); else start().catch(failed);
  });
})();
