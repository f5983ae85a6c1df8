// The live board: the player's position (the puzzle and their marks), the rules
// the page checks itself (auto-X, a finished board), and the board drawn as
// cells, one real button per cell, with what an answer shows drawn over them.
//
// A position is plain data, so it can be kept in the browser and sent to the
// server as the text format: `regions` (one string of region letters per row),
// `stars` (K), `colors` (region letter -> "#rrggbb"), `names` ("colours" when
// the answers name regions by the screenshot's colours, so the text carries
// them), `piece` ("crown" or "star") and `marks`, one per cell, row-major:
// "" blank, "x" the player's X, "a" an X the auto-X switch put, "q" a crown/star.

/** A new position for a board record from the server (`regions`, `colors`, `n`, ...). */
export function newPosition(rec, extra) {
  const n = rec.regions.length;
  const marks = new Array(n * n).fill("");
  const m = rec.marks || {};
  (m.crosses || []).forEach(([r, c]) => { marks[r * n + c] = "x"; });
  (m.queens || []).forEach(([r, c]) => { marks[r * n + c] = "q"; });
  return Object.assign({
    regions: rec.regions.slice(),
    n: n,
    stars: rec.stars || 1,
    colors: rec.colors || {},
    names: rec.names || "letters",
    piece: rec.piece || (rec.stars > 1 ? "star" : "crown"),
    marks: marks,
    started: Date.now(),
    finished: null,
  }, extra || {});
}

export function label(pos, i) { return pos.regions[Math.floor(i / pos.n)][i % pos.n]; }
export function cellName(r, c) { return "row " + (r + 1) + ", column " + (c + 1); }
export function cellArg(r, c) { return "r" + (r + 1) + "c" + (c + 1); }
export function starry(pos) { return pos.piece === "star"; }

/** The position in the text format: its stars and colours lines, the regions, the marks. */
export function toText(pos, withMarks) {
  let text = "# stars: " + pos.stars + "\n";
  if (pos.names === "colours") {
    const letters = Object.keys(pos.colors).sort();
    text += "# colors: " + letters.map((l) => pos.colors[l]).join(" ") + "\n";
  }
  text += pos.regions.join("\n") + "\n";
  if (withMarks !== false) {
    text += "\n";
    for (let r = 0; r < pos.n; r++) {
      let line = "";
      for (let c = 0; c < pos.n; c++) {
        const m = pos.marks[r * pos.n + c];
        line += m === "q" ? "Q" : m === "x" || m === "a" ? "x" : ".";
      }
      text += line + "\n";
    }
  }
  return text;
}

/** The cells a star at `i` rules out: its neighbours, and for K = 1 its row, column and region. */
function reach(pos, i, out) {
  const n = pos.n, r = Math.floor(i / n), c = i % n;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr, cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) out.add(rr * n + cc);
    }
  }
  if (pos.stars === 1) {
    const g = label(pos, i);
    for (let k = 0; k < n * n; k++) {
      if (k !== i && (Math.floor(k / n) === r || k % n === c || label(pos, k) === g)) out.add(k);
    }
  }
}

/** The units (rows, columns, regions) of each cell, and the stars each holds. */
function units(pos) {
  const n = pos.n, count = {}, members = {};
  for (let i = 0; i < n * n; i++) {
    const keys = ["r" + Math.floor(i / n), "c" + (i % n), "g" + label(pos, i)];
    keys.forEach((k) => {
      (members[k] = members[k] || []).push(i);
      if (pos.marks[i] === "q") count[k] = (count[k] || 0) + 1;
    });
  }
  return { count: count, members: members };
}

/** Puts the auto-X's back from the stars on the board: the cells they rule out,
 *  and for K ≥ 2 the rest of every unit that holds its K stars. Only blank cells
 *  take one; the player's own marks stay. */
export function autoX(pos, on) {
  const n = pos.n;
  for (let i = 0; i < n * n; i++) if (pos.marks[i] === "a") pos.marks[i] = "";
  if (!on) return;
  const out = new Set();
  for (let i = 0; i < n * n; i++) if (pos.marks[i] === "q") reach(pos, i, out);
  if (pos.stars > 1) {
    const u = units(pos);
    Object.keys(u.members).forEach((k) => {
      if ((u.count[k] || 0) >= pos.stars) u.members[k].forEach((i) => out.add(i));
    });
  }
  out.forEach((i) => { if (pos.marks[i] === "") pos.marks[i] = "a"; });
}

/** Stars that break a rule: two touching, or more than K in a unit. */
export function clashes(pos) {
  const n = pos.n, bad = new Set(), u = units(pos);
  Object.keys(u.members).forEach((k) => {
    if ((u.count[k] || 0) > pos.stars) u.members[k].forEach((i) => { if (pos.marks[i] === "q") bad.add(i); });
  });
  for (let i = 0; i < n * n; i++) {
    if (pos.marks[i] !== "q") continue;
    const near = new Set();
    const r = Math.floor(i / n), c = i % n;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) near.add(rr * n + cc);
      }
    }
    near.forEach((k) => { if (pos.marks[k] === "q") { bad.add(i); bad.add(k); } });
  }
  return bad;
}

/** True when every row, column and region holds its K stars and none touch: the
 *  rules alone, which on a puzzle with one solution is that solution. */
export function finished(pos) {
  const u = units(pos);
  const full = Object.keys(u.members).every((k) => (u.count[k] || 0) === pos.stars);
  return full && clashes(pos).size === 0;
}

/** The board's element, drawn from a position and an answer's layer. */
export function makeBoard(el) {
  let cells = [];
  let pos = null;

  function build(p, letters) {
    pos = p;
    const n = p.n;
    el.textContent = "";
    el.style.gridTemplateColumns = "repeat(" + n + ", 1fr)";
    el.style.gridTemplateRows = "repeat(" + n + ", 1fr)";
    cells = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.style.display = "contents";
      for (let c = 0; c < n; c++) {
        const b = document.createElement("button");
        const g = p.regions[r][c];
        b.type = "button";
        b.className = "cell" + (starry(p) ? " stars dots" : "");
        b.setAttribute("role", "gridcell");
        b.dataset.cell = cellArg(r, c);
        b.dataset.row = r;
        b.dataset.col = c;
        b.dataset.region = g;
        b.tabIndex = r === 0 && c === 0 ? 0 : -1;
        b.style.background = p.colors[g] || "#dddddd";
        if (c + 1 < n && p.regions[r][c + 1] !== g) b.classList.add("edge-r");
        if (r + 1 < n && p.regions[r + 1][c] !== g) b.classList.add("edge-b");
        if (c + 1 === n) b.classList.add("last-c");
        if (r + 1 === n) b.classList.add("last-r");
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.setAttribute("aria-hidden", "true");
        b.appendChild(mark);
        if (letters) {
          const tag = document.createElement("span");
          tag.className = "letter";
          tag.setAttribute("aria-hidden", "true");
          tag.textContent = g;
          b.appendChild(tag);
        }
        row.appendChild(b);
        cells.push(b);
      }
      el.appendChild(row);
    }
    size();
    paint();
  }

  // The glyphs follow the board's size: a 25×25 board has small cells.
  function size() {
    if (!pos) return;
    const w = el.clientWidth || 480;
    el.style.setProperty("--glyph", Math.max(10, Math.round(0.62 * w / pos.n)) + "px");
  }
  window.addEventListener("resize", size);

  /** Draws the position's marks, and names each cell's mark for screen readers. */
  function paint() {
    if (!pos) return;
    const bad = clashes(pos);
    // A mark for "no star here" is drawn as a dot on a Star Battle board.
    const [word, dot] = starry(pos) ? ["star", "dot"] : ["crown", "X"];
    cells.forEach((b, i) => {
      const m = pos.marks[i];
      b.classList.toggle("q", m === "q");
      b.classList.toggle("x", m === "x" || m === "a");
      b.classList.toggle("auto", m === "a");
      b.classList.toggle("clash", bad.has(i));
      const r = Math.floor(i / pos.n), c = i % pos.n;
      const what = m === "q" ? word : m === "x" ? dot : m === "a" ? dot + " (auto)" : "blank";
      b.setAttribute("aria-label", cellName(r, c) + ", " + "region " + pos.regions[r][c] + ": " + what);
    });
  }

  /** Draws an answer's layer: `look` (units and cells outlined), `decided` (the
   *  cells a step decides, as ghosts), `earlier` (steps before it, greyed), `fix`
   *  (the mark to fix), `out` (blank cells a mistake's proof rules out, as dots),
   *  `asked` (the cell asked about), `solution` (every star). */
  function show(layer) {
    if (!pos) return;
    const n = pos.n, L = layer || {};
    const inLook = new Array(n * n).fill(false);
    const look = L.look;
    let pointed = false;
    if (look) {
      const regions = new Set(look.regions || []);
      for (let i = 0; i < n * n; i++) {
        const r = Math.floor(i / n), c = i % n;
        if ((look.rows || []).includes(r) || (look.cols || []).includes(c) || regions.has(label(pos, i))) inLook[i] = true;
      }
      (look.cells || []).forEach(([r, c]) => { inLook[r * n + c] = true; });
      pointed = inLook.some(Boolean);
    }
    const ghost = {};
    (L.earlier || []).forEach((d) => { ghost[d.cell[0] * n + d.cell[1]] = (d.mark === "queen" ? "q" : "x") + " done"; });
    (L.decided || []).forEach((d) => { ghost[d.cell[0] * n + d.cell[1]] = d.mark === "queen" ? "q" : "x"; });
    (L.out || []).forEach(([r, c]) => { if (pos.marks[r * n + c] === "") ghost[r * n + c] = "out"; });
    (L.solution || []).forEach(([r, c]) => { if (pos.marks[r * n + c] !== "q") ghost[r * n + c] = "sol"; });
    cells.forEach((b, i) => {
      const r = Math.floor(i / n), c = i % n;
      const on = inLook[i];
      const edge = (rr, cc) => rr < 0 || cc < 0 || rr >= n || cc >= n || !inLook[rr * n + cc];
      b.classList.toggle("look", on);
      b.classList.toggle("faded", pointed && !on);
      b.classList.toggle("lt", on && edge(r - 1, c));
      b.classList.toggle("lb", on && edge(r + 1, c));
      b.classList.toggle("ll", on && edge(r, c - 1));
      b.classList.toggle("lr", on && edge(r, c + 1));
      b.classList.toggle("fix", !!L.fix && L.fix[0] === r && L.fix[1] === c);
      b.classList.toggle("asked", !!L.asked && L.asked[0] === r && L.asked[1] === c);
      let g = b.querySelector(".ghost");
      if (ghost[i] && pos.marks[i] !== "q") {
        if (!g) {
          g = document.createElement("span");
          g.setAttribute("aria-hidden", "true");
          b.appendChild(g);
        }
        g.className = "ghost " + ghost[i];
      } else if (g) {
        g.remove();
      }
    });
  }

  function cell(i) { return cells[i]; }
  function count() { return cells.length; }

  return { build: build, paint: paint, show: show, cell: cell, count: count, size: size };
}
