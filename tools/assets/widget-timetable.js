/* The timetable step-through, for {{widget timetable}}: N tasks on a pool of T threads,
   W seconds each. Same arithmetic as exercises/solutions/Timetable.java, in whole numbers:
     start of task i (counting from 0) = floor(i / T) * W
     all done after                    = ceil(N / T) * W = floor((N + T - 1) / T) * W  */
(function () {
  "use strict";
  var doc = document;
  function el(tag, attrs, text) {
    var e = doc.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    return e;
  }
  var CAP = { tasks: 100000, threads: 100000, seconds: 3600 };
  var SHOWN_STARTS = 30; // start times listed one by one; the rounds table covers the rest
  function fmt(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function roundsOf(tasks, threads) { return Math.floor((tasks + threads - 1) / threads); }
  function startOf(task, threads, seconds) { return Math.floor(task / threads) * seconds; }
  Array.prototype.slice.call(doc.querySelectorAll("[data-widget=timetable]")).forEach(function (box) {
    box.textContent = "";
    box.appendChild(el("p", { "class": "widget-title" }, "Step through a timetable"));
    var form = el("div", { "class": "tt-inputs" });
    function field(key, label, value) {
      var l = el("label", null, label + " ");
      var i = el("input", { type: "number", inputmode: "numeric", min: "1", max: String(CAP[key]), step: "1", value: String(value), name: key });
      l.appendChild(i);
      form.appendChild(l);
      return i;
    }
    var inTasks = field("tasks", "Tasks", 7), inThreads = field("threads", "Threads", 3), inSeconds = field("seconds", "Seconds per task", 2);
    box.appendChild(form);
    var note = el("p", { "class": "tt-note", role: "alert" });
    note.hidden = true;
    box.appendChild(note);
    var steps = el("div", { "class": "tt-steps" });
    var back = el("button", { type: "button" }, "← Back"), fwd = el("button", { type: "button" }, "Step →"), reset = el("button", { type: "button" }, "Start over");
    steps.appendChild(back); steps.appendChild(fwd); steps.appendChild(reset);
    box.appendChild(steps);
    var clock = el("p", { "class": "tt-clock", role: "status" });
    box.appendChild(clock);
    var table = el("table", { "class": "tt-table" });
    box.appendChild(table);
    var starts = el("p", { "class": "tt-starts" }), total = el("p", { "class": "tt-total" });
    box.appendChild(starts);
    box.appendChild(total);

    var state = { tasks: 7, threads: 3, seconds: 2, step: 0 };
    function read(input, key) {
      var raw = input.value.trim(), v = Number(raw);
      if (!/^\d+$/.test(raw) || v < 1) { input.setAttribute("aria-invalid", "true"); return { bad: label(key) + " must be a whole number from 1 to " + fmt(CAP[key]) + "." }; }
      input.removeAttribute("aria-invalid");
      if (v > CAP[key]) return { v: CAP[key], capped: label(key) + " capped at " + fmt(CAP[key]) + "." };
      return { v: v };
    }
    function label(key) { return { tasks: "Tasks", threads: "Threads", seconds: "Seconds per task" }[key]; }
    function update() {
      var r = [read(inTasks, "tasks"), read(inThreads, "threads"), read(inSeconds, "seconds")];
      var msgs = r.map(function (x) { return x.bad || x.capped; }).filter(Boolean);
      note.textContent = msgs.join(" ");
      note.hidden = !msgs.length;
      if (r.some(function (x) { return x.bad; })) return;
      var changed = r[0].v !== state.tasks || r[1].v !== state.threads || r[2].v !== state.seconds;
      state.tasks = r[0].v; state.threads = r[1].v; state.seconds = r[2].v;
      if (changed) state.step = 0;
      render();
    }
    function row(cells, cls) {
      var tr = el("tr", cls ? { "class": cls } : null);
      cells.forEach(function (c) { var td = el("td"); if (typeof c === "string") td.textContent = c; else td.appendChild(c); tr.appendChild(td); });
      return tr;
    }
    function render() {
      var N = state.tasks, T = state.threads, W = state.seconds, R = roundsOf(N, T), k = state.step;
      var now = k * W, done = Math.min(k * T, N), running = k < R ? Math.min(T, N - k * T) : 0, wait = N - done - running;
      clock.textContent = k < R
        ? "At " + fmt(now) + " s, round " + fmt(k + 1) + " of " + fmt(R) + ": " + fmt(running) + " running, " + fmt(wait) + " waiting for a thread, " + fmt(done) + " done."
        : "At " + fmt(now) + " s: all " + fmt(N) + " tasks done.";
      back.disabled = k === 0;
      fwd.disabled = k >= R;
      table.textContent = "";
      table.appendChild(el("caption", null, fmt(N) + " tasks on " + fmt(T) + (T === 1 ? " thread" : " threads") + ", " + fmt(W) + " s each"));
      var head = el("tr");
      ["Round", "Starts at", "Tasks", "State"].forEach(function (h) { head.appendChild(el("th", { scope: "col" }, h)); });
      var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
      var body = el("tbody");
      // Rounds to show: the first and last few, and the ones around the current step.
      var show = {};
      [0, 1, 2, k - 1, k, k + 1, R - 2, R - 1].forEach(function (x) { if (x >= 0 && x < R) show[x] = true; });
      var last = -1;
      Object.keys(show).map(Number).sort(function (a, b) { return a - b; }).forEach(function (x) {
        if (x > last + 1) body.appendChild(row([el("span", null, "… " + fmt(x - last - 1) + (x - last - 1 === 1 ? " more round" : " more rounds") + " …")], "gap")).firstChild.colSpan = 4;
        last = x;
        var first = x * T, end = Math.min(first + T, N), taskCell;
        if (T <= 16) {
          taskCell = el("span", { "class": "chips" });
          for (var i = first; i < end; i++) taskCell.appendChild(el("span", { "class": "chip" }, String(i + 1)));
          taskCell.setAttribute("aria-label", end - first === 1 ? "task " + (first + 1) : "tasks " + (first + 1) + " to " + end);
          taskCell.setAttribute("role", "img");
        } else {
          taskCell = el("span", null, end - first === 1 ? "task " + fmt(first + 1) : "tasks " + fmt(first + 1) + "–" + fmt(end) + " (" + fmt(end - first) + ")");
        }
        var st = x < k ? "done" : x === k ? "running" : "waiting";
        var tr = row([fmt(x + 1), fmt(startOf(first, T, W)) + " s", taskCell, el("span", { "class": "tt-state" }, st)], x < k ? "done" : x === k ? "now" : "wait");
        tr.setAttribute("data-round", String(x + 1));
        body.appendChild(tr);
      });
      table.appendChild(body);
      var shown = Math.min(N, SHOWN_STARTS), list = [];
      for (var t = 0; t < shown; t++) list.push(startOf(t, T, W));
      starts.textContent = "Tasks start at (s): " + list.join(", ")
        + (N > shown ? ", … and the last of all " + fmt(N) + " at " + fmt(startOf(N - 1, T, W)) : "");
      var secs = roundsOf(N, T) * W;
      total.textContent = "";
      total.setAttribute("data-seconds", String(secs));
      total.appendChild(el("strong", null, "All done after " + fmt(secs) + " s"));
      total.appendChild(doc.createTextNode(": " + fmt(N) + " ÷ " + fmt(T) + " rounded up is " + fmt(R) + (R === 1 ? " round" : " rounds") + ", × " + fmt(W) + " s."));
    }
    [inTasks, inThreads, inSeconds].forEach(function (i) { i.addEventListener("input", update); });
    fwd.addEventListener("click", function () { if (state.step < roundsOf(state.tasks, state.threads)) { state.step++; render(); } });
    back.addEventListener("click", function () { if (state.step > 0) { state.step--; render(); } });
    reset.addEventListener("click", function () { state.step = 0; render(); });
    update();
  });
})();
