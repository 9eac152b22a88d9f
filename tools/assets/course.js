/* Java Virtual Threads, Measured: the few things a page does with JavaScript. All optional:
   with it off every page reads in full. It adds nothing to the layout (the buttons are in the
   page from the first paint, by html.js rules), so the page does not move. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  var THEME_KEY = "jvtm-theme";
  var scriptUrl = doc.currentScript && doc.currentScript.src;

  function $(sel, el) { return (el || doc).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || doc).querySelectorAll(sel)); }
  function el(tag, attrs, text) {
    var e = doc.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    return e;
  }
  function typing(t) {
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }
  var liveRegion = $("#search-status");
  function announce(text) {
    if (!liveRegion) return;
    liveRegion.textContent = "";
    setTimeout(function () { liveRegion.textContent = text; }, 30);
  }

  /* ---- Theme: the reader's choice wins over the system's, and is remembered. ---- */
  var media = window.matchMedia ? matchMedia("(prefers-color-scheme: dark)") : { matches: false };
  var themeButton = $(".theme-toggle");
  function theme() { return root.getAttribute("data-theme") || (media.matches ? "dark" : "light"); }
  function syncTheme() { if (themeButton) themeButton.setAttribute("aria-pressed", String(theme() === "dark")); }
  if (themeButton) {
    themeButton.addEventListener("click", function () {
      var next = theme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem(THEME_KEY, next); } catch (e) { /* private mode */ }
      syncTheme();
    });
    if (media.addEventListener) media.addEventListener("change", syncTheme);
    var chosen = function (v) {   /* another page's choice, now or later */
      v === "light" || v === "dark" ? root.setAttribute("data-theme", v) : root.removeAttribute("data-theme");
      syncTheme();
    };
    window.addEventListener("storage", function (e) { if (e.key === THEME_KEY) chosen(e.newValue); });
    try { chosen(localStorage.getItem(THEME_KEY)); } catch (e) { syncTheme(); }
  }

  /* ---- Lessons menu on narrow screens. ---- */
  var navButton = $(".nav-toggle"), sidebar = $("#sidebar");
  if (navButton && sidebar) {
    navButton.addEventListener("click", function () {
      var open = navButton.getAttribute("aria-expanded") !== "true";
      navButton.setAttribute("aria-expanded", String(open));
      root.classList.toggle("nav-open", open);
      if (open) { var first = $("a[aria-current]", sidebar) || $("a", sidebar); if (first) first.focus(); }
    });
    sidebar.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && root.classList.contains("nav-open")) { navButton.click(); navButton.focus(); }
    });
    var current = $("a[aria-current]", sidebar);
    if (current && sidebar.scrollHeight > sidebar.clientHeight + 4) {
      sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 3;
    }
  }

  /* ---- Copy buttons: the exact program text, without line numbers. ---- */
  function copy(text, button, what) {
    function done(ok) {
      button.textContent = ok ? "Copied" : "Select and copy";
      button.classList.toggle("done", ok);
      announce(ok ? "Copied " + what + " to the clipboard" : "Copying failed; select the text and copy it");
      clearTimeout(button._t);
      button._t = setTimeout(function () { button.textContent = "Copy"; button.classList.remove("done"); }, 2000);
    }
    function fallback() {
      var area = el("textarea", { readonly: "", "aria-hidden": "true", tabindex: "-1" });
      area.value = text;
      area.style.cssText = "position:fixed;top:0;left:0;opacity:0;pointer-events:none";
      doc.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = doc.execCommand("copy"); } catch (e) { ok = false; }
      area.remove();
      button.focus();
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else fallback();
  }
  $$("figure.program").forEach(function (fig) {
    var codes = $$("pre.code code, p.fold-same", fig), b = $("figcaption button.copy", fig);
    if (!codes.length || !b) return;
    var name = ($("figcaption .file", fig) || {}).textContent || "the program";
    b.addEventListener("click", function () {
      // Open and folded parts in order: the whole file (line numbers are CSS). A solution's
      // p.fold-same stands for its exercise's checking part: the last fold of the one it links to.
      var text = codes.map(function (c) {
        return c.tagName == "P" ? $("code", $$("details.fold", $(c.firstElementChild.hash)).pop()).textContent : c.textContent;
      }).join("\n");
      copy(text + "\n", b, name); // the highlighter drops the file's final newline
    });
  });
  $$(".shell-wrap").forEach(function (wrap) {
    var code = $("pre.shell code", wrap) || $("pre.shell", wrap), b = $("button.copy", wrap);
    if (code && b) b.addEventListener("click", function () { copy(code.textContent, b, "the command"); });
  });

  /* ---- Search: the index is loaded on first use, from a script (works from file://). ---- */
  var searchBox = $(".search"), input = $("#search-input"), results = $("#search-results");
  var entries = null, loading = false, waiting = [];
  function loadIndex(then) {
    if (entries) return then();
    waiting.push(then);
    if (loading) return;
    loading = true;
    var s = el("script", { src: scriptUrl ? new URL("search-index.js", scriptUrl).href : "assets/search-index.js" });
    s.onload = function () {
      entries = (window.COURSE_SEARCH || []).map(function (e, i) {
        return { t: e.t, u: e.u, i: i, lt: e.t.toLowerCase(), lh: (e.h || "").toLowerCase(), b: e.b || "", lb: (e.b || "").toLowerCase() };
      });
      waiting.splice(0).forEach(function (f) { f(); });
    };
    s.onerror = function () { loading = false; announce("The search index could not be loaded"); };
    doc.head.appendChild(s);
  }
  function terms(q) {
    return q.toLowerCase().split(/[^\p{L}\p{N}_.#+-]+/u).filter(function (w) { return w.length > 0; }).slice(0, 8);
  }
  function count(hay, w) {
    var n = 0, at = hay.indexOf(w);
    while (at >= 0 && n < 20) { n++; at = hay.indexOf(w, at + w.length); }
    return n;
  }
  function search(q) {
    var ws = terms(q), found = [];
    if (!ws.length) return found;
    entries.forEach(function (e) {
      var score = 0;
      for (var i = 0; i < ws.length; i++) {
        var w = ws[i], inT = e.lt.indexOf(w) >= 0, inH = e.lh.indexOf(w) >= 0, n = count(e.lb, w);
        if (!inT && !inH && !n) return; // every word must occur somewhere
        score += (inT ? 30 : 0) + (inH ? 10 : 0) + Math.min(n, 10);
      }
      found.push({ e: e, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score || a.e.i - b.e.i; });
    return found.slice(0, 12);
  }
  function snippet(e, ws) {
    var at = -1, w = "";
    ws.forEach(function (x) { var p = e.lb.indexOf(x); if (p >= 0 && (at < 0 || p < at)) { at = p; w = x; } });
    if (at < 0) return { text: e.b.slice(0, 140) + (e.b.length > 140 ? "…" : ""), word: "" };
    var start = Math.max(0, at - 60), end = Math.min(e.b.length, at + w.length + 100);
    if (start > 0) { var sp = e.b.indexOf(" ", start); if (sp > 0 && sp < at) start = sp + 1; }
    if (end < e.b.length) { var sp2 = e.b.lastIndexOf(" ", end); if (sp2 > at + w.length) end = sp2; }
    // The whole word around the match, to scroll to it on the lesson page (a text fragment).
    var ws0 = at, we = at + w.length;
    while (ws0 > 0 && /[\p{L}\p{N}_]/u.test(e.b[ws0 - 1])) ws0--;
    while (we < e.b.length && /[\p{L}\p{N}_]/u.test(e.b[we])) we++;
    return { text: (start > 0 ? "…" : "") + e.b.slice(start, end) + (end < e.b.length ? "…" : ""), word: e.b.slice(ws0, we) };
  }
  function highlight(parent, text, ws) {
    var pattern = ws.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|");
    var re = new RegExp(pattern, "gi"), last = 0, m;
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) parent.appendChild(doc.createTextNode(text.slice(last, m.index)));
      parent.appendChild(el("mark", null, m[0]));
      last = m.index + m[0].length;
      if (!m[0].length) re.lastIndex++;
    }
    if (last < text.length) parent.appendChild(doc.createTextNode(text.slice(last)));
  }
  function show() {
    var q = input.value.trim();
    results.textContent = "";
    if (!q) { results.hidden = true; return; }
    var ws = terms(q), found = search(q);
    var summary = !found.length ? "Nothing matches “" + q + "”" : found.length === 1 ? "1 page matches" : found.length + " pages match";
    results.appendChild(el("p", { "class": "count" }, summary));
    var list = el("ol");
    found.forEach(function (f) {
      var s = snippet(f.e, ws);
      var href = f.e.u + (s.word ? "#:~:text=" + encodeURIComponent(s.word) : "");
      var a = el("a", { href: href });
      a.appendChild(el("span", { "class": "rt" }, f.e.t));
      var rs = el("span", { "class": "rs" });
      highlight(rs, s.text, ws);
      a.appendChild(rs);
      var li = el("li");
      li.appendChild(a);
      list.appendChild(li);
    });
    if (found.length) results.appendChild(list);
    results.hidden = false;
    announce(summary);
  }
  if (searchBox && input && results) {
    var timer = 0;
    input.addEventListener("focus", function () { loadIndex(function () { if (input.value.trim()) show(); }); });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { loadIndex(show); }, 60);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        var first = $("a", results);
        if (first && !results.hidden) { e.preventDefault(); first.click(); }
      } else if (e.key === "Escape") {
        if (input.value) { input.value = ""; show(); } else input.blur();
        e.preventDefault();
      }
    });
    results.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); input.focus(); results.hidden = true; }
    });
    searchBox.addEventListener("focusout", function (e) {
      if (!searchBox.contains(e.relatedTarget)) setTimeout(function () {
        if (!searchBox.contains(doc.activeElement)) results.hidden = true;
      }, 150);
    });
  }

  /* ---- Keyboard: "/" goes to search, only when the reader is not typing. A letter key
     would clash with screen readers' single-letter navigation, so there is none. ---- */
  doc.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || !input) return;
    if (e.key === "/") {
      e.preventDefault();
      input.focus();
      input.select();
    }
  });

  /* ---- "On this page" (beside the lesson or before its first section): mark the section
     being read. ---- */
  var tocLinks = $$(".toc a");
  if (tocLinks.length && "IntersectionObserver" in window) {
    var byId = {};
    tocLinks.forEach(function (a) { byId[decodeURIComponent(a.hash.slice(1))] = a; });
    var visible = {};
    var heads = $$("article h2[id]").filter(function (h) { return byId[h.id]; });
    var io = new IntersectionObserver(function (list) {
      list.forEach(function (en) { visible[en.target.id] = en.isIntersecting; });
      var active = null;
      for (var i = 0; i < heads.length; i++) {
        if (visible[heads[i].id]) { active = heads[i].id; break; }
        if (heads[i].getBoundingClientRect().top < 0) active = heads[i].id;
      }
      tocLinks.forEach(function (a) { a.classList.toggle("active", decodeURIComponent(a.hash.slice(1)) === active); });
    }, { rootMargin: "-60px 0px -55% 0px" });
    heads.forEach(function (h) { io.observe(h); });
  }

  /* ---- Printing: open every hint and solution, then close again what was closed. ---- */
  var reopened = [];
  window.addEventListener("beforeprint", function () {
    reopened = $$("details:not([open])");
    reopened.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () { reopened.forEach(function (d) { d.open = false; }); reopened = []; });

  /* ---- 404: offer a search for the words in the missing address. ---- */
  var lost = $(".not-found");
  if (lost && input) {
    var words = decodeURIComponent(location.pathname.split("/").pop() || "").replace(/\.html?$/, "").replace(/[-_.]+/g, " ").trim();
    if (words && words !== "404") {
      var p = el("p");
      var b = el("button", { type: "button", "class": "copy" }, "Search for “" + words + "”");
      b.addEventListener("click", function () { input.value = words; input.focus(); loadIndex(show); });
      p.appendChild(b);
      lost.appendChild(p);
    }
  }

  /* ---- Interactive parts load their own script, only on pages that have one. ---- */
  var loaded = {};
  $$("[data-widget]").forEach(function (box) {
    var name = box.getAttribute("data-widget");
    if (loaded[name] || !/^[a-z0-9-]+$/.test(name)) return;
    loaded[name] = true;
    doc.head.appendChild(el("script", { src: scriptUrl ? new URL("widget-" + name + ".js", scriptUrl).href : "assets/widget-" + name + ".js" }));
  });
})();
