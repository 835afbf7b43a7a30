// report.html's page, drawn from its one data block (HtmlReport.java writes both; docs/dev/ARCHITECTURE.md).
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("gbakprof-data").textContent);
  var P = D.page, T = P.texts, lang = document.documentElement.lang;
  var G = D.configurations.length, charts = [];
  var formats = {};
  // a number as Java's NumberFormat writes it (Texts.number, model/Rounding): rounded half to even on the double's exact value
  // (Intl rounds the shortest decimal half up), grouped in every language as Java groups ("1.000" in Spanish)
  function num(v, d) {
    var f = formats[d] || (formats[d] = new Intl.NumberFormat(lang, {minimumFractionDigits: d, maximumFractionDigits: d,
      useGrouping: "always"}));
    return f.format(halfEven(v, d));
  }
  // the decimal string of v rounded to d decimals, half to even: toFixed rounds the exact value, ties away from zero
  function halfEven(v, d) {
    var s = v.toFixed(d), exact = Math.abs(v) < 1e21 ? v.toFixed(100) : "", dot = exact.indexOf(".");
    if (dot < 0 || !/^50*$/.test(exact.slice(dot + d + 1))) return s;
    var down = exact.slice(0, d ? dot + d + 1 : dot);
    return +down.charAt(down.length - 1) % 2 === 0 ? down : s;
  }
  // a share as Java's percent format writes it: 37%, 37 % (Spanish), %37 (Turkish)
  var percentParts = new Intl.NumberFormat(lang, {style: "percent"}).formatToParts(0);
  function pct(share) {
    return percentParts.map(function (p) { return p.type === "integer" ? num(share * 100, 0) : p.value; }).join("");
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  // as Texts.duration: 12.3 s, 43 min 13 s, 4 h 07 min
  function dur(s) {
    if (s == null) return T.unknown;
    if (s < 60) return num(s, s < 1 ? 3 : s < 10 ? 2 : 1) + " " + T["dur.s"];
    var t = +halfEven(s, 0);
    if (t >= 3600) { var m = +halfEven(s / 60, 0); return Math.floor(m / 60) + " " + T["dur.h"] + " " + pad(m % 60) + " " + T["dur.min"]; }
    return Math.floor(t / 60) + " " + T["dur.min"] + " " + pad(t % 60) + " " + T["dur.s"];
  }
  // an axis's seconds: as dur, its zero as 0 s
  function tick(v) { return v === 0 ? "0 " + T["dur.s"] : dur(v); }
  // a median: its time, or why there is none (no run timed it; it is not in these runs)
  function median(m, unknown) { return m != null ? dur(m) : unknown ? T.unknown : T.absent; }
  function fmt(key) {
    var args = arguments;
    return T[key].replace(/\{(\d)\}/g, function (_, i) { return args[+i + 1]; });
  }
  // a text as the search compares it: I, İ, ı and i one letter (a Turkish keyboard types İX_ORDERS), case and accents
  // aside
  function fold(s) {
    return s.replace(/[Iİı]/g, "i").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function add(parent, tag, text, cls) { return parent.appendChild(el(tag, text, cls)); }
  var main = document.getElementById("page");
  main.textContent = "";
  function section(title, id) { var h = add(main, "h2", title); h.id = id; return h; }

  // a table: columns [{label, num}], rows of cells {t: text, v: sort value, c: class}
  function table(parent, columns, rows, id) {
    var wrap = add(parent, "div", null, rows.length > 25 ? "wrap scroll" : "wrap"), tb = add(wrap, "table"), tr = add(tb.createTHead(), "tr");
    if (id) tb.id = id;
    columns.forEach(function (c) {
      var th = add(tr, "th", null, c.num ? "n" : null);
      th.scope = "col";
      if (c.num) th.dataset.num = "1";
      th.appendChild(document.createTextNode(c.label));
    });
    var body = tb.createTBody(), frag = document.createDocumentFragment();
    rows.forEach(function (r) {
      var row = frag.appendChild(document.createElement("tr"));
      r.cells.forEach(function (c, i) {
        var td = row.appendChild(el(i === 0 ? "th" : "td", c.t, (columns[i].num ? "n " : "") + (c.c || "")));
        if (c.sub) add(td, "span", c.sub, "sub");
        if (i === 0) td.scope = "row";
        if (c.v != null) td.dataset.v = c.v;
      });
      if (r.key != null) row.dataset.k = r.key;
    });
    body.appendChild(frag);
    return tb;
  }

  // sorting: a button in each header; numbers sort largest first, texts A to Z, unknown last either way
  var collator = new Intl.Collator(lang, {numeric: true});
  function sortable(tb) {
    var ths = tb.tHead.rows[0].cells;
    Array.prototype.forEach.call(ths, function (th, i) {
      var b = el("button", th.textContent);
      b.type = "button";
      b.title = fmt("html.sort", th.textContent);
      th.textContent = "";
      th.appendChild(b);
      th.setAttribute("aria-sort", "none");
      b.addEventListener("click", function () { sort(tb, i); });
    });
  }
  function sort(tb, i) {
    var th = tb.tHead.rows[0].cells[i], num = th.dataset.num === "1", was = th.getAttribute("aria-sort");
    var dir = was === "none" ? (num ? "descending" : "ascending") : was === "ascending" ? "descending" : "ascending";
    Array.prototype.forEach.call(tb.tHead.rows[0].cells, function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", dir);
    var body = tb.tBodies[0], rows = Array.prototype.slice.call(body.rows), sign = dir === "ascending" ? 1 : -1;
    var keys = rows.map(function (r, k) {
      var c = r.cells[i], v = num ? parseFloat(c.dataset.v) : c.textContent;
      return {r: r, k: k, v: num && isNaN(v) ? null : v};
    });
    keys.sort(function (a, b) {
      if (a.v == null || b.v == null) return a.v == null ? (b.v == null ? a.k - b.k : 1) : -1;
      var d = num ? a.v - b.v : collator.compare(a.v, b.v);
      return d !== 0 ? sign * d : a.k - b.k;
    });
    keys.forEach(function (x) { body.appendChild(x.r); });
  }

  // a cell: its text, its sort value, its class, and a second line under the text (a range)
  function cell(t, v, c, sub) { return {t: t, v: v, c: c, sub: sub}; }
  // a run as the page names it: its name as summary.md names it (emb #2) and its file's name
  function runName(r) { return r.name + (r.source ? " · " + r.source.split(/[\\/]/).pop() : ""); }
  function tooltip(box) { var t = add(box, "div", null, "tip"); t.hidden = true; return t; }
  // a tooltip beside the cursor, wrapped within the chart (report.css: .tip's max-width), never past its right edge
  function place(tip, u, left, top, text) {
    tip.textContent = text;
    tip.hidden = false;
    tip.style.left = "0px";
    var room = u.root.offsetWidth, w = tip.offsetWidth, x = u.over.offsetLeft + left + 14;
    if (x + w > room) x = u.over.offsetLeft + left - w - 14;
    tip.style.left = Math.max(0, Math.min(x, room - w)) + "px";
    tip.style.top = (u.over.offsetTop + top + 14) + "px";
  }
  // ticks of a time axis: whole milliseconds, seconds, minutes, hours (no two ticks read the same)
  var INCRS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800,
    3600, 7200, 14400, 28800];
  // a chart as wide as the page's content (its box without its padding), so a narrow window does not scroll sideways
  function width(box) {
    var cs = getComputedStyle(box), w = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return Math.max(200, Math.min(w || 1100, 1180));
  }
  function chart(box, alt, opts, data) {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", alt);
    var u = new uPlot(opts, data, box);
    charts.push({u: u, box: box});
    add(box.parentNode, "p", alt, "alt");
    return u;
  }
  window.addEventListener("resize", function () {
    charts.forEach(function (c) { c.u.setSize({width: width(c.box), height: c.u.height}); });
  });

  // title, subtitle, provenance, headline, notes, key table, verdicts, what to try
  add(main, "h1", P.title);
  add(main, "p", P.subtitle, "muted");
  if (P.provenance) add(main, "p", P.provenance, "muted");
  add(main, "p", D.headline, "headline").id = "headline";
  if (D.notes.length) {
    section(T["html.notes"], "notes");
    var notes = add(main, "ul");
    D.notes.forEach(function (n) {
      var li = add(notes, "li");
      add(li, "code", n.code);
      li.appendChild(document.createTextNode(" " + n.message));
    });
  }
  table(main, P.keyTable.header.map(function (h, i) { return {label: h, num: i > 0}; }),
    P.keyTable.rows.map(function (r) { return {cells: r.map(function (t) { return cell(t); })}; }), "key-table");
  if (D.comparisons.length) {
    section(T["html.verdicts"], "verdicts");
    table(main, [{label: T["html.col.label"]}, {label: T["html.col.measure"]}, {label: T["html.col.ratio"], num: true},
      {label: T["html.col.verdict"]}, {label: T["html.col.message"]}],
      D.comparisons.map(function (c, i) {
        return {cells: [cell(c.label), cell(c.measure === "total" ? T["md.total"] : T["phase." + c.measure] || c.measure),
          cell(P.ratios[i] == null ? T.unknown : P.ratios[i], c.ratio), cell(c.verdict), cell(P.verdicts[i])]};
      }), "verdict-table");
  }
  if (P.hints.length) {
    section(T["hint.heading"], "hints");
    var hints = add(main, "ul");
    P.hints.forEach(function (h) { add(hints, "li", h); });
  }

  // failed restores and failed indexes
  var failedRuns = P.runs.filter(function (r) { return r.kind === "failed"; });
  var failedIdx = [];
  P.runs.forEach(function (r) { r.failedIndexes.forEach(function (f) { failedIdx.push({run: r, f: f}); }); });
  if (failedRuns.length) {
    section(T["html.failed"], "failed");
    failedRuns.forEach(function (r) {
      add(main, "p", runName(r) + " · " + T["status.failed"], "failed");
      if (r.failure || r.errors.length) add(main, "pre", [r.failure].concat(r.errors).filter(Boolean).join("\n"));
    });
  }
  if (failedIdx.length) {
    section(T["html.failed.indexes"], "failed-indexes");
    table(main, [{label: T["html.col.index"]}, {label: T["html.col.run"]}, {label: T["html.col.status"]},
      {label: T["html.col.errors"]}],
      failedIdx.map(function (x) {
        return {cells: [cell(x.f.name, null, "failed"), cell(runName(x.run)),
          cell(T[x.run.reachedEnd ? "html.state.left.inactive" : "html.state.gave.up"]), cell(x.f.errors.join(" "))]};
      }), "failed-index-table");
  }

  // index builds: the slowest as bars, then every index in one table
  var I = P.indexes, n = I.name.length;
  // the index definitions a configuration's runs did not build, and why (never[name][group].stopped, .inactive,
  // .not-activated), with their tables where the log says them
  var never = {}, neverTable = {};
  P.runs.forEach(function (r) {
    r.neverBuilt.forEach(function (nm, k) {
      var by = never[nm] = never[nm] || {};
      (by[r.group] = by[r.group] || {})[r.neverBuiltWhy] = 1;
      if (neverTable[nm] == null) neverTable[nm] = r.neverBuiltTables[k];
    });
  });
  // what a configuration shows of an index instead of its time: unknown (a run did not time it), never built (its
  // restore stopped first), not built (restored inactive), or not in these runs
  function instead(nm, g, unknown) {
    var why = never[nm] && never[nm][g];
    return unknown ? T.unknown : why ? T[why.stopped ? "html.never.stopped" : "html.never.inactive"] : T.absent;
  }
  // the Status of an index: failed, or why a configuration without its time did not build it (red when it stopped)
  function state(nm, failed, timed) {
    var words = failed ? [T["html.state.failed"]] : [], stopped = false;
    for (var g = 0; g < G; g++) {
      var why = !timed[g] && never[nm] && never[nm][g];
      if (!why) continue;
      stopped = stopped || !!why.stopped;
      [why.stopped && "html.state.never", why.inactive && "html.state.inactive", why["not-activated"] && "html.state.not.activated"]
        .forEach(function (k) { if (k && words.indexOf(T[k]) < 0) words.push(T[k]); });
    }
    return cell(words.join(" · "), null, words.length ? (failed || stopped ? "state failed" : "state") : null);
  }
  if (n || Object.keys(never).length) {
    section(T["html.indexes"], "indexes");
    var worst = [];
    for (var i = 0; i < n; i++) {
      var w = null;
      I.configurations.forEach(function (c) { if (c.median[i] != null && (w == null || c.median[i] > w)) w = c.median[i]; });
      if (w != null) worst.push({i: i, w: w});
    }
    worst.sort(function (a, b) { return b.w - a.w || a.i - b.i; });
    worst = worst.slice(0, Math.max(P.top, 10));
    if (worst.length) {
      var box = add(main, "div", null, "chart"), tip = tooltip(box), xs = worst.map(function (_, k) { return k; });
      var top = worst.length, alt = fmt("html.indexes.top", top, num(n, 0)) + ". " + T["html.indexes.alt"];
      var xmax = worst[0].w * 1.08, rowH = Math.max(14, 22 * Math.min(G, 4));
      var longest = 0;
      worst.forEach(function (x) { longest = Math.max(longest, I.name[x.i].length); });
      function at(k) { return top - 1 - k; } // the slowest at the top
      var opts = {
        width: width(main), height: 90 + rowH * top, title: fmt("html.indexes.top", top, num(n, 0)),
        scales: {x: {time: false, range: [0, xmax]}, y: {range: [-0.5, top - 0.5]}},
        cursor: {drag: {x: false, y: false}, points: {show: false}, x: false},
        legend: {live: false},
        axes: [{values: function (u, s) { return s.map(tick); }, space: 90, incrs: INCRS},
          {splits: function () { return xs; }, values: function (u, s) {
            return s.map(function (v) { var nm = I.name[worst[top - 1 - v].i]; return nm.length > 40 ? nm.slice(0, 39) + "…" : nm; });
          }, size: Math.min(340, 24 + 8.5 * longest), gap: 4, grid: {show: false}}],
        series: [{}].concat(I.configurations.map(function (c, g) {
          return {label: P.labels[g], stroke: P.colours[g], fill: P.colours[g], paths: function () { return null; }, points: {show: false}};
        })),
        hooks: {
          draw: [function (u) {
            var ctx = u.ctx, slot = (u.valToPos(0, "y", true) - u.valToPos(1, "y", true)) * 0.8, bh = slot / G;
            worst.forEach(function (x, k) {
              I.configurations.forEach(function (c, g) {
                var v = c.median[x.i];
                if (!u.series[g + 1].show) return;
                var y0 = u.valToPos(at(k), "y", true) - slot / 2 + g * bh, x0 = u.valToPos(0, "x", true);
                if (v == null) { // as indexes.png: what there is instead of a bar
                  ctx.fillStyle = "#666";
                  ctx.font = Math.round(Math.min(12, Math.max(9, bh / devicePixelRatio - 2)) * devicePixelRatio) + "px sans-serif";
                  ctx.textAlign = "left";
                  ctx.textBaseline = "middle";
                  ctx.fillText(instead(I.name[x.i], g, c.unknown[x.i]), x0 + 4 * devicePixelRatio, y0 + bh / 2);
                  return;
                }
                var x1 = u.valToPos(v, "x", true);
                ctx.fillStyle = c.failed[x.i] ? "#c0392b" : P.colours[g];
                ctx.fillRect(x0, y0, Math.max(1, x1 - x0), Math.max(1, bh - 1));
              });
            });
          }],
          setCursor: [function (u) {
            var t = u.cursor.top, k = t == null ? -1 : top - 1 - Math.round(u.posToVal(t, "y"));
            if (t == null || t < 0 || k < 0 || k >= top) { tip.hidden = true; return; }
            var x = worst[k];
            // the configurations shown: one hidden through the legend is left out here too
            // one line per configuration
            place(tip, u, u.cursor.left, t, I.name[x.i] + " (" + I.table[x.i] + ")\n" + I.configurations.map(function (c, g) {
              if (!u.series[g + 1].show) return null;
              return (G > 1 ? P.labels[g] + ": " : "") + (c.median[x.i] != null ? dur(c.median[x.i]) : instead(I.name[x.i], g, c.unknown[x.i])) + (c.failed[x.i] ? " · " + T["html.state.failed"] : "");
            }).filter(function (x) { return x != null; }).join("\n"));
          }]
        }
      };
      chart(box, alt, opts, [[0, xmax]].concat(I.configurations.map(function () { return [null, null]; })));
    }
    var controls = add(main, "div", null, "controls");
    var label = add(controls, "label", T["html.search"] + " ");
    var search = add(label, "input");
    search.type = "search";
    search.id = "index-search";
    var shown = add(controls, "span", null, "muted");
    shown.setAttribute("aria-live", "polite");
    var cols = [{label: T["html.col.index"]}, {label: T["html.col.table"]}];
    I.configurations.forEach(function (c, g) {
      var l = G > 1 ? " · " + P.labels[g] : "";
      cols.push({label: T["html.col.time"] + l, num: true}, {label: T["html.col.keys"] + l, num: true});
      if (c.label !== D.baseline) cols.push({label: T["html.col.time.ratio"] + l, num: true});
    });
    cols.push({label: T["html.col.status"]});
    var rows = [], listed = {};
    for (var j = 0; j < n; j++) {
      var cells = [cell(I.name[j]), cell(I.table[j])], failed = 0, nm = I.name[j];
      listed[nm] = 1;
      I.configurations.forEach(function (c, g) {
        var m = c.median[j], t = m != null ? dur(m) : instead(nm, g, c.unknown[j]), range = null;
        if (c.min[j] != null && c.max[j] !== c.min[j]) range = " (" + dur(c.min[j]) + "–" + dur(c.max[j]) + ")";
        // keys/s the log does not give (no key counts, an unknown time) reads unknown, and sorts last; of an index
        // these runs do not have, it reads as its time does
        var k = c.keysPerSecond[j], kt = k != null ? num(k, 0) : m == null ? instead(nm, g, c.unknown[j]) : T.unknown;
        cells.push(cell(t, m, null, range), cell(kt, k));
        if (c.label !== D.baseline) cells.push(cell(c.ratio[j] == null ? T.unknown : num(c.ratio[j], 2) + "×", c.ratio[j]));
        failed += c.failed[j];
      });
      cells.push(state(nm, failed, I.configurations.map(function (c) { return c.median[j] != null || c.unknown[j] > 0; })));
      rows.push({cells: cells, key: fold(nm + " " + I.table[j])});
    }
    // an index no run built: its table where the log says it, and in each configuration why it has no time
    Object.keys(never).filter(function (nm) { return !listed[nm]; }).sort().forEach(function (nm) {
      var table = neverTable[nm] != null ? neverTable[nm] : T["table.unknown"], cells = [cell(nm), cell(table)];
      I.configurations.forEach(function (c, g) {
        var why = instead(nm, g, 0);
        cells.push(cell(why), cell(why));
        if (c.label !== D.baseline) cells.push(cell(T.unknown));
      });
      cells.push(state(nm, 0, I.configurations.map(function () { return false; })));
      rows.push({cells: cells, key: fold(nm + " " + table)});
    });
    var itable = table(main, cols, rows, "index-table");
    sortable(itable);
    var all = itable.tBodies[0].rows;
    function filter() {
      var q = fold(search.value.trim()), k = 0;
      for (var r = 0; r < all.length; r++) {
        var hide = q !== "" && all[r].dataset.k.indexOf(q) < 0;
        all[r].hidden = hide;
        if (!hide) k++;
      }
      shown.textContent = fmt("html.shown", num(k, 0), num(all.length, 0));
    }
    search.addEventListener("input", filter);
    filter();
  }

  // timeline of a run: table loads and index builds as bars on gbak's clock, phases shaded
  var timed = P.runs.filter(function (r) { return r.loads.length + r.builds.length > 0; });
  if (timed.length) {
    section(T["html.timeline"], "timeline");
    var tc = add(main, "div", null, "controls"), sl = add(tc, "label", T["html.timeline.run"] + " "), sel = add(sl, "select");
    timed.forEach(function (r, k) { var o = add(sel, "option", runName(r)); o.value = k; });
    add(tc, "span", T["html.timeline.help"], "muted");
    var gbox = add(main, "div", null, "chart"), gtip = tooltip(gbox), gantt = null, galt = add(main, "p", null, "alt");
    var draw = function () {
      var r = timed[+sel.value], bars = [], lanes = [], laneEnd = [], kinds = [];
      function lay(list, kind) {
        var first = laneEnd.length;
        // a load or build the log ends in (its last element: the clock it was cut at) runs to that clock
        var at = kind ? 5 : 4;
        list.slice().sort(function (a, b) { return a[1] - b[1]; }).forEach(function (b) {
          var s = b[1], e = b[at] != null ? b[at] : s + (b[2] || 0), l = first;
          while (l < laneEnd.length && laneEnd[l] > s + 1e-9) l++;
          if (l === laneEnd.length) { laneEnd.push(0); lanes.push([]); kinds.push(kind); }
          laneEnd[l] = e;
          var bar = {b: b, s: s, e: e, lane: l, kind: kind, cut: b[at] != null};
          lanes[l].push(bar);
          bars.push(bar);
        });
      }
      lay(r.loads, 0);
      lay(r.builds, 1);
      var end = 0;
      bars.forEach(function (b) { end = Math.max(end, b.e); });
      r.phaseSpans.forEach(function (p) { end = Math.max(end, p[2]); });
      var L = Math.max(1, lanes.length);
      function nameOf(b) { var x = b.b[0]; return typeof x === "number" ? (b.kind ? I.name[x] : P.tables.name[x]) : x; }
      var alt = fmt("html.timeline.alt", runName(r), r.loads.length, r.builds.length, dur(end));
      galt.textContent = alt;
      gbox.setAttribute("aria-label", alt);
      if (gantt) { gantt.destroy(); charts = charts.filter(function (c) { return c.u !== gantt; }); }
      var opts = {
        width: width(main), height: Math.min(540, 132 + 26 * L),
        scales: {x: {time: false, range: function (u, lo, hi) { return [lo, hi]; }}, y: {range: [0, L + 0.45]}},
        cursor: {drag: {x: true, y: false, setScale: true}, points: {show: false}, y: false},
        legend: {show: false},
        axes: [{values: function (u, s) { return s.map(tick); }, space: 90, incrs: INCRS},
          {splits: function () { return lanes.map(function (_, l) { return L - l - 0.5; }); }, values: function () {
            return lanes.map(function (_, l) { return kinds[l] ? T["html.lane.indexes"] : T["html.lane.tables"]; });
          }, size: 24 + 7.5 * Math.max(T["html.lane.tables"].length, T["html.lane.indexes"].length), grid: {show: false}}],
        series: [{}, {paths: function () { return null; }, points: {show: false}}],
        hooks: {
          draw: [function (u) {
            var ctx = u.ctx, bb = u.bbox;
            ctx.save();
            ctx.beginPath();
            ctx.rect(bb.left, bb.top, bb.width, bb.height);
            ctx.clip();
            r.phaseSpans.forEach(function (p, k) {
              var x0 = u.valToPos(p[1], "x", true), x1 = u.valToPos(p[2], "x", true);
              ctx.globalAlpha = 0.12;
              ctx.fillStyle = P.phaseColours[p[0]];
              ctx.fillRect(x0, bb.top, x1 - x0, bb.height);
              ctx.globalAlpha = 1;
              ctx.fillStyle = "#666";
              ctx.font = Math.round(12 * devicePixelRatio) + "px sans-serif";
              ctx.textAlign = "left"; // uPlot leaves its axes' alignment on the context
              ctx.textBaseline = "top";
              var name = T["phase." + p[0]];
              if (x1 - x0 > ctx.measureText(name).width + 8) ctx.fillText(name, x0 + 4, bb.top + 3 * devicePixelRatio);
            });
            var lo = u.scales.x.min, hi = u.scales.x.max;
            bars.forEach(function (b) {
              if (b.e < lo || b.s > hi) return;
              var x0 = u.valToPos(b.s, "x", true), x1 = u.valToPos(b.e, "x", true);
              var y0 = u.valToPos(L - b.lane - 0.15, "y", true), y1 = u.valToPos(L - b.lane - 0.85, "y", true);
              ctx.fillStyle = b.kind && b.b[3] ? "#c0392b" : b.kind ? P.colours[r.group] : "#7f8c8d";
              ctx.globalAlpha = b.cut ? 0.45 : 1; // unfinished: paler, its end a dashed line
              ctx.fillRect(x0, y0, Math.max(1, x1 - x0), y1 - y0);
              ctx.globalAlpha = 1;
              if (b.cut) {
                ctx.strokeStyle = ctx.fillStyle;
                ctx.lineWidth = 2 * devicePixelRatio;
                ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
                ctx.beginPath(); ctx.moveTo(x1, y0); ctx.lineTo(x1, y1); ctx.stroke();
                ctx.setLineDash([]);
              }
            });
            ctx.restore();
          }],
          setCursor: [function (u) {
            var l = u.cursor.left, t = u.cursor.top;
            if (l == null || l < 0) { gtip.hidden = true; return; }
            var x = u.posToVal(l, "x"), lane = L - 1 - Math.floor(u.posToVal(t, "y")), hit = null;
            var tol = (u.scales.x.max - u.scales.x.min) / u.bbox.width * 3 * devicePixelRatio;
            (lanes[lane] || []).forEach(function (b) { if (b.s - tol <= x && x <= b.e + tol) hit = b; });
            if (!hit) { gtip.hidden = true; return; }
            // an unfinished load or build: its time and rows so far are lower bounds
            var least = hit.cut ? "≥ " : "";
            var text = nameOf(hit) + " · " + (hit.cut ? least + dur(hit.e - hit.s) : dur(hit.b[2])) + " · " + dur(hit.s) + "–" + dur(hit.e);
            if (!hit.kind) text += " · " + (hit.b[3] == null ? T["html.col.rows"] + ": " + T.unknown : fmt("rows", least + num(hit.b[3], 0)));
            else if (hit.b[4] != null) text += " · " + fmt("keys.per.second", num(hit.b[4], 0)); // this run's
            if (hit.kind && hit.b[3]) text += " · " + T["html.state.failed"];
            if (hit.cut) text += " · " + T["html.state.cut"];
            place(gtip, u, l, t, text);
          }]
        }
      };
      gantt = new uPlot(opts, [[0, end], [null, null]], gbox);
      gbox.setAttribute("role", "img");
      charts.push({u: gantt, box: gbox});
    };
    sel.addEventListener("change", draw);
    draw();
  }

  // phases per run, totals with their spread
  section(T["html.phases"], "phases");
  var phaseNames = ["setup", "metadata", "data", "indexes", "finish"];
  table(main, [{label: T["html.col.run"]}].concat(phaseNames.map(function (p) { return {label: T["phase." + p], num: true}; }),
    [{label: T["html.col.total"], num: true}, {label: T["html.col.status"]}]),
    P.runs.map(function (r) {
      return {cells: [cell(runName(r))].concat(phaseNames.map(function (p) {
        return cell(dur(r.phases[p]), r.phases[p]);
      }), [cell(dur(r.totalSeconds), r.totalSeconds), cell(T["status." + r.kind], null, r.kind === "failed" ? "failed" : "")])};
    }));
  add(main, "h3", T["html.totals"]);
  // a median and the range of repeated runs; with counted, the runs it is of too ("2.61 s (2 runs: 2.15 s–3.07 s)"),
  // when a row's medians are of different runs (a total of the completed restores, a phase of every one that finished it)
  function spread(s, counted) {
    if (s.median == null) return T.unknown;
    var range = s.known > 1 ? dur(s.min) + "–" + dur(s.max) : null;
    if (counted) return fmt("median.runs", dur(s.median), s.known === 1 ? T["runs.one"] : fmt("runs.many", s.known) + ": " + range);
    return dur(s.median) + (range ? " (" + range + ")" : "");
  }
  table(main, [{label: T["html.col.label"]}, {label: T["html.col.total"], num: true}].concat(phaseNames.map(function (p) {
    return {label: T["phase." + p], num: true};
  })), D.configurations.map(function (c, g) {
    var row = [c.total].concat(phaseNames.map(function (p) { return c.phases[p]; }));
    var counts = row.filter(function (s) { return s.median != null; }).map(function (s) { return s.known; });
    var apart = counts.some(function (n) { return n !== counts[0]; });
    return {cells: [cell(P.labels[g])].concat(row.map(function (s) { return cell(spread(s, apart)); }))};
  }), "totals-table");

  // tables: rows and rows/s
  var TB = P.tables;
  if (TB.name.length) {
    section(T["html.tables"], "tables");
    var tcols = [{label: T["html.col.table"]}];
    TB.configurations.forEach(function (c, g) {
      var l = G > 1 ? " · " + P.labels[g] : "";
      tcols.push({label: T["html.col.time"] + l, num: true}, {label: T["html.col.rows"] + l, num: true}, {label: T["html.col.rowsps"] + l, num: true});
    });
    var trows = TB.name.map(function (nm, j) {
      var cells = [cell(nm)];
      TB.configurations.forEach(function (c) {
        // a table these runs do not have reads so in each column; a count the runs differ on, as a range
        var m = c.median[j], none = m == null && !c.unknown[j] ? T.absent : T.unknown;
        var rows = c.rows[j] == null ? none : num(c.rows[j], 0) + (c.rowsMax[j] == null ? "" : "–" + num(c.rowsMax[j], 0));
        cells.push(cell(median(m, c.unknown[j]), m), cell(rows, c.rows[j]),
          cell(c.rowsPerSecond[j] == null ? none : num(c.rowsPerSecond[j], 0), c.rowsPerSecond[j]));
      });
      return {cells: cells};
    });
    sortable(table(main, tcols, trows, "table-table"));
  }

  // CPU and disk of the restore's own process, per phase, where the record has them
  var sampled = P.runs.filter(function (r) { return r.cpu.length; });
  if (sampled.length) {
    section(T["html.cpu"], "cpu");
    var crows = [];
    sampled.forEach(function (r) {
      r.cpu.forEach(function (c) {
        crows.push({cells: [cell(runName(r)), cell(T["phase." + c.phase]), cell(dur(c.seconds), c.seconds),
          cell(pct(c.cpuShare), c.cpuShare), cell(num(c.readMb, 1), c.readMb), cell(num(c.writtenMb, 1), c.writtenMb), cell(c.bound || "")]});
      });
    });
    table(main, [{label: T["html.col.run"]}, {label: T["html.col.phase"]}, {label: T["html.col.median"], num: true},
      {label: T["html.col.cpu"], num: true}, {label: T["html.col.read"], num: true}, {label: T["html.col.written"], num: true},
      {label: T["html.col.bound"]}], crows);
  }

  // the speed-up curve of a --vary scan
  if (D.scan) {
    section(fmt("html.scan", D.scan.option), "scan");
    var S = D.scan, sx = [];
    S.points.forEach(function (p) { if (p.x != null && sx.indexOf(p.x) < 0) sx.push(p.x); });
    sx.sort(function (a, b) { return a - b; });
    // one curve per power plan the values were crossed with, else one (its points' curve is null): as speedup.png
    var curves = S.curves.length ? S.curves : [null];
    // where gbak ran two values as one (-p 4096 and -p 3000: both 4096) the curve goes through the one that ran as asked
    function pointAt(cv, x) {
      var at = S.points.filter(function (p) { return p.curve === cv && p.x === x && p.speedup != null; });
      return at.filter(function (p) { return p.value === x; })[0] || at[0];
    }
    // what gbak ran: the workers the engine used (-par), the page size of the restored database (-p), else the value
    var sxLabel = S.used ? T["speedup.x." + S.used] : S.option;
    var sdata = [sx].concat(curves.map(function (cv) {
      return sx.map(function (x) { var hit = pointAt(cv, x); return hit ? hit.speedup : null; });
    }));
    var stop = 1.2;
    S.points.forEach(function (p) { stop = Math.max(stop, (p.fastestRun || 0) * 1.15, (p.speedup || 0) * 1.15); });
    // every value ran as one: a point, not a curve (speedup.png is not drawn either); the table says where each ran
    if (sx.length > 1) {
      var sbox = add(main, "div", null, "chart");
      chart(sbox, fmt("html.scan.alt", S.option, S.best || T.unknown), {
        width: width(main), height: 320,
        scales: {x: {time: false}, y: {range: [0, stop]}},
        legend: {live: false},
        series: [{label: S.option}].concat(curves.map(function (cv, k) {
          return {label: cv || T["html.col.speedup"], stroke: P.colours[k % P.colours.length], width: 2, spanGaps: true, points: {size: 7},
            value: function (u, v) { return v == null ? "" : num(v, 2) + "×"; }};
        })),
        axes: [{label: sxLabel, incrs: S.workers ? [1, 2, 4, 8, 16, 32, 64] : undefined,
          values: function (u, s) { return s.map(function (v) { return v === Math.round(v) ? num(v, 0) : ""; }); }}, {values: function (u, s) { return s.map(function (v) { return num(v, 2) + "×"; }); }, size: 70}],
        hooks: {
          // each point's whisker, from its slowest run's speed-up to its fastest's
          draw: [function (u) {
            var ctx = u.ctx, cap = 4 * devicePixelRatio;
            ctx.lineWidth = 1.5 * devicePixelRatio;
            curves.forEach(function (cv, k) {
              if (!u.series[k + 1].show) return;
              ctx.strokeStyle = P.colours[k % P.colours.length];
              sx.forEach(function (x) {
                var p = pointAt(cv, x);
                if (!p || p.slowestRun == null || p.fastestRun == null) return;
                var px = u.valToPos(x, "x", true), lo = u.valToPos(p.slowestRun, "y", true), hi = u.valToPos(p.fastestRun, "y", true);
                ctx.beginPath();
                ctx.moveTo(px, lo); ctx.lineTo(px, hi);
                ctx.moveTo(px - cap, lo); ctx.lineTo(px + cap, lo);
                ctx.moveTo(px - cap, hi); ctx.lineTo(px + cap, hi);
                ctx.stroke();
              });
            });
          }]
        }
      }, sdata);
    }
    table(main, [{label: T["html.col.label"]}, {label: sxLabel, num: true}, {label: T["html.col.speedup"], num: true},
      {label: T["html.col.verdict"]}], S.points.map(function (p) {
      return {cells: [cell(p.label), cell(p.x == null ? "" : num(p.x, 0), p.x), cell(p.speedup == null ? T.unknown : num(p.speedup, 2) + "×", p.speedup), cell(p.verdict || "")]};
    }));
  }
  if (P.warnings.length) {
    // as summary.md's, folded: a scan of many runs has dozens
    section(T["md.warnings"], "warnings");
    var wbox = add(main, "details");
    add(wbox, "summary", T["md.warnings"] + " (" + num(P.warnings.length, 0) + ")");
    var warns = add(wbox, "ul");
    P.warnings.forEach(function (w) { add(warns, "li", w); });
  }
  if (P.footer) add(main, "p", P.footer, "muted");
})();
