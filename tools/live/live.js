// Live mode (./build.sh serve) only; the static site never loads this file.
// Reloads the page when the site is rebuilt, shows a failed build over the page, and gives
// each program block Run and Stop buttons that stream the program's real output.
(() => {
  'use strict';
  const script = document.currentScript;
  const pageBuild = script ? script.dataset.build : '';
  const page = decodeURIComponent(location.pathname.split('/').pop() || '') || 'index.html';
  const panels = new Map(); // alias -> panel
  let client = null;        // this page's token, from its event stream
  let reloadPending = false;

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === true) e.setAttribute(k, '');
      else if (v !== false && v != null) e.setAttribute(k, v);
    }
    for (const c of children) e.append(c);
    return e;
  }

  // ---- the live bar: connection, presenter switch, pending reload ----------------------
  const dot = el('span', { class: 'live-dot', 'aria-hidden': 'true' });
  const state = el('span', { class: 'live-state' }, 'connecting…');
  const presenter = el('button', { type: 'button', class: 'live-presenter-switch', 'aria-pressed': 'false',
    title: 'Larger type for a projector' }, 'Presenter');
  const pending = el('span', { class: 'live-pending', hidden: true }, 'Site rebuilt: this page reloads when its run ends. ',
    el('button', { type: 'button' }, 'Reload now'));
  const bar = el('div', { class: 'live-bar', role: 'region', 'aria-label': 'Live mode' },
    el('span', { class: 'live-badge' }, dot, ' Live ', state), pending, presenter);
  document.body.append(bar);
  pending.querySelector('button').addEventListener('click', () => reload(true));

  function setPresenter(on) {
    document.documentElement.classList.toggle('live-presenter', on);
    presenter.setAttribute('aria-pressed', String(on));
    try { localStorage.setItem('live-presenter', on ? '1' : '0'); } catch (e) { /* private mode */ }
  }
  presenter.addEventListener('click', () => setPresenter(presenter.getAttribute('aria-pressed') !== 'true'));
  try { setPresenter(localStorage.getItem('live-presenter') === '1'); } catch (e) { /* private mode */ }

  // ---- reload, keeping the scroll position ----------------------------------------------
  const scrollKey = 'live-scroll:' + location.pathname;
  try {
    const y = sessionStorage.getItem(scrollKey);
    if (y !== null) { sessionStorage.removeItem(scrollKey); window.addEventListener('load', () => window.scrollTo(0, +y)); }
  } catch (e) { /* no storage */ }

  function running() { return [...panels.values()].some(p => p.running); }

  function reload(now) {
    if (!now && running()) { reloadPending = true; pending.hidden = false; return; }
    try { sessionStorage.setItem(scrollKey, String(window.scrollY)); } catch (e) { /* no storage */ }
    location.reload();
  }

  // ---- a failed build, over the page ----------------------------------------------------
  let overlay = null;
  function showError(text) {
    hideError();
    const close = el('button', { type: 'button', class: 'live-error-close' }, 'Hide');
    overlay = el('div', { class: 'live-error', role: 'alert' },
      el('p', { class: 'live-error-title' }, el('strong', {}, 'Build failed.'), ' The page shows the last good build.'),
      el('pre', {}, text), close);
    close.addEventListener('click', hideError);
    document.body.append(overlay);
  }
  function hideError() { if (overlay) { overlay.remove(); overlay = null; } }

  // ---- Run and Stop on every program block ----------------------------------------------
  function setUpPanels(runs) {
    for (const figure of document.querySelectorAll('figure.program[id^="program-"]')) {
      const alias = figure.id.slice('program-'.length);
      if (panels.has(alias)) { panels.get(alias).runs = runs; continue; }
      const mine = runs.filter(r => r.alias === alias);
      const here = mine.filter(r => r.page === page);
      const shown = here.length ? here : mine;
      if (!shown.length) continue;
      panels.set(alias, panel(figure, alias, shown));
    }
  }

  function panel(figure, alias, runs) {
    const select = el('select', { class: 'live-preset', 'aria-label': 'Arguments for ' + alias });
    for (const r of runs) {
      const o = el('option', { value: r.id, disabled: !r.runnable, title: r.runnable ? r.command : r.why },
        r.command + (r.runnable ? '' : ' (terminal only)'));
      select.append(o);
    }
    const firstRunnable = runs.find(r => r.runnable);
    if (firstRunnable) select.value = firstRunnable.id;
    const run = el('button', { type: 'button', class: 'live-start', disabled: !firstRunnable }, 'Run');
    const stop = el('button', { type: 'button', class: 'live-stop', disabled: true }, 'Stop');
    const status = el('span', { class: 'live-status', role: 'status' },
      firstRunnable ? '' : runs[0].why);
    const out = el('pre', { class: 'live-output', hidden: true, tabindex: '0', 'aria-label': 'Output of ' + alias });
    const box = el('div', { class: 'live-run' },
      el('div', { class: 'live-controls' }, select, run, stop, status), out);
    figure.append(box);
    const p = { alias, select, run, stop, status, out, open: {}, running: null };
    run.addEventListener('click', () => start(p));
    stop.addEventListener('click', () => halt(p));
    return p;
  }

  function say(p, text, kind) {
    p.status.textContent = text;
    p.status.className = 'live-status' + (kind ? ' live-' + kind : '');
  }

  function busy(p, id) {
    p.running = id;
    p.run.disabled = !!id;
    p.select.disabled = !!id;
    p.stop.disabled = !id;
  }

  async function post(path, id) {
    return fetch(path, { method: 'POST', headers: { 'X-Live-Client': client, 'Content-Type': 'text/plain' }, body: id });
  }

  async function start(p) {
    if (!client) return say(p, 'Not connected to the server yet; try again in a moment.', 'fail');
    const id = p.select.value;
    p.out.textContent = '';
    if (p.compare) { p.compare.remove(); p.compare = null; }
    p.open = {};
    p.out.hidden = false;
    busy(p, id);
    say(p, 'starting…');
    let r;
    try { r = await post('/__live/run', id); } catch (e) { r = null; }
    if (r && r.ok) return;
    const why = r ? (await r.json().catch(() => ({}))).error || r.statusText : 'the server did not answer';
    if (p.running === id) busy(p, null);
    say(p, why, 'fail');
  }

  async function halt(p) {
    if (!p.running || !client) return;
    say(p, 'stopping…');
    try {
      const r = await post('/__live/stop', p.running);
      if (!r.ok && r.status !== 409) say(p, (await r.json().catch(() => ({}))).error || r.statusText, 'fail');
    } catch (e) { say(p, 'the server did not answer', 'fail'); }
  }

  function seconds(ms) { return (ms / 1000).toFixed(3) + ' s'; }

  function line(p, kind, ms) {
    const text = document.createTextNode('');
    // The time is drawn by CSS from data-ms, so copying the output copies only the output.
    const row = el('span', { class: 'live-line live-' + kind, 'data-ms': ms == null ? '' : seconds(ms) },
      el('span', { class: 'live-text' }, text));
    const atBottom = p.out.scrollTop + p.out.clientHeight >= p.out.scrollHeight - 4;
    p.out.append(row);
    if (atBottom) p.out.scrollTop = p.out.scrollHeight;
    return text;
  }

  // A chunk of output: lines are split here, a line's time is when its first part arrived.
  function write(p, stream, ms, text) {
    text = text.replace(/\r\n?/g, '\n');
    let i = 0;
    while (i < text.length) {
      const nl = text.indexOf('\n', i);
      const piece = nl < 0 ? text.slice(i) : text.slice(i, nl);
      const node = p.open[stream] || line(p, stream, ms);
      node.appendData(piece);
      p.open[stream] = nl < 0 ? node : null;
      i = nl < 0 ? text.length : nl + 1;
    }
    const atBottom = p.out.scrollTop + p.out.clientHeight >= p.out.scrollHeight - 40;
    if (atBottom) p.out.scrollTop = p.out.scrollHeight;
  }

  // ---- the event stream -------------------------------------------------------------------
  const events = new EventSource('/__live/events');
  const on = (name, f) => events.addEventListener(name, e => f(JSON.parse(e.data)));

  on('hello', d => {
    const reconnect = client !== null || state.dataset.lost === '1';
    client = d.client;
    state.textContent = 'connected';
    bar.classList.add('live-connected');
    for (const p of panels.values()) if (p.running && reconnect) { busy(p, null); say(p, 'The connection was lost, which ended the run.', 'fail'); }
    if (d.build !== pageBuild) return reload(false);
    if (d.error) showError(d.error);
    setUpPanels(d.runs || []);
  });
  on('reload', () => reload(false));
  on('build-error', d => showError(d.text));
  on('start', d => {
    const p = panels.get(d.alias);
    if (!p) return;
    busy(p, d.run);
    line(p, 'cmd', null).appendData('$ ' + d.command);
    say(p, 'running (pid ' + d.pid + ')');
  });
  on('out', d => { const p = panels.get(d.alias); if (p) write(p, d.s, d.ms, d.text); });
  on('note', d => {
    const p = panels.get(d.alias);
    if (!p) return;
    p.open = {};
    line(p, 'note', d.ms).appendData(d.text);
    if (d.preparing) say(p, 'preparing…');
  });
  // This run's figures beside the recorded ones, as ./jbang compare prints them.
  on('compare', d => {
    const p = panels.get(d.alias);
    if (!p || !d.comparison.figures.length && !d.comparison.claims.length) return;
    const c = d.comparison;
    const rows = c.figures.map(f => el('tr', {},
      el('th', { scope: 'row' }, f.figure || f.pattern),
      el('td', {}, f.recorded == null ? 'missing' : f.recorded),
      el('td', {}, f.yours == null ? 'missing' : f.yours),
      el('td', {}, f.ratio == null ? '' : ratio(f.ratio))));
    const table = el('table', { class: 'live-compare' },
      el('caption', {}, 'This run beside the recording (' + c.recorded.environment + ')'),
      el('thead', {}, el('tr', {}, ...['Figure', 'Recorded', 'This run', 'Ratio'].map(h => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows));
    const claims = el('ul', { class: 'live-claims' }, ...c.claims.map(k =>
      el('li', { class: k.holds ? 'live-holds' : 'live-fails' }, (k.holds ? 'Holds: ' : 'Does not hold: ') + k.says
        + (k.holds ? '' : ' (' + k.found + ')' + (k.otherwise ? ' ' + k.otherwise : '')))));
    p.compare = el('div', { class: 'live-comparison' }, c.figures.length ? table : '', c.claims.length ? claims : '');
    p.out.after(p.compare);
  });
  function ratio(r) { return (r >= 10 ? r.toFixed(0) : r.toFixed(2)) + '×'; }

  on('end', d => {
    const p = panels.get(d.alias);
    if (!p) return;
    p.open = {};
    busy(p, null);
    const text = d.text + ' · ' + seconds(d.ms) + (d.reason === 'exit' ? '' : ' (exit ' + d.exit + ')');
    line(p, 'note', d.ms).appendData(text);
    say(p, text, d.reason === 'exit' && d.exit === 0 ? 'ok' : 'fail');
    if (reloadPending && !running()) reload(true);
  });
  events.onerror = () => {
    state.textContent = 'reconnecting…';
    state.dataset.lost = '1';
    bar.classList.remove('live-connected');
    client = null;
  };
})();
