// The page of `queens serve`: one screenshot (or a pasted text puzzle, a
// puzz.link or penpa-edit link, a new puzzle, a shared link) becomes the
// player's live board, and the player plays on it, asking for a hint, "why?"
// about a cell, or the solution (asked for twice) whenever they are stuck.
//
// The screenshot is sent once, to read the board; every later question sends
// the position as text (see answers.js). The position is kept in the browser,
// so a reload finds the game where it was.

import { newPosition, makeBoard, autoX, finished, starry, toText } from "./board.js";
import { attach, cycle, makeHistory } from "./gestures.js";
import { makeAnswers, post } from "./answers.js";
import { makePractice, linked, linkTo } from "./practice.js";

const $ = (id) => document.getElementById(id);
const ui = {
  drop: $("drop"), file: $("file"), status: $("status"), error: $("error"), game: $("game"),
  boardEl: $("board"), hint: $("hint"), why: $("why"), apply: $("apply"), back: $("back"), walk: $("walk"),
  words: $("words"), title: $("side-title"), summary: $("summary"), solution: $("solution"),
  undo: $("undo"), redo: $("redo"), autox: $("autox"), letters: $("letters"), download: $("download"),
  share: $("share"), full: $("full"), win: $("win"), confirm: $("confirm"),
};
$("origin").textContent = location.host;

const SAVE = "queens.game";
const PLAIN = {
  "parse": "That text isn't a puzzle I can read.",
  "decode": "That file isn't an image I can open. Try a PNG or JPEG screenshot.",
  "no-grid": "Couldn't find a puzzle grid in this image.",
  "regions": "Found the grid, but couldn't tell the colored regions apart.",
  "partition": "The colored regions don't form a valid puzzle (a region may have been misread).",
  "no-solution": "This puzzle has no solution as read. The colors may have been misread.",
  "several-solutions": "This puzzle has more than one solution as read, so no hint could be trusted. The colors may have been misread.",
  "solver": "The solver gave up before finding an answer.",
  "too-large": "That file is too large (the limit is 20 MB).",
  "busy": "The solver is busy right now. Try again in a moment.",
  "timeout": "Solving took too long.",
  "internal": "Something went wrong on the server.",
  "bad-request": "The request was not understood.",
  "no-such-cell": "That cell is not on this board.",
  "generate": "No puzzle of that kind could be made in time. Try again, or pick another grade.",
  "unsure-marks": "Some marks on your board could not be read for sure, and a hint from a misread board could be wrong. " +
    "Take the screenshot again with nothing over the board.",
  "unsure-marks-stars": "Some stars or crosses on your board could not be read for sure, and a hint from a misread board could be wrong. " +
    "Take the screenshot again with nothing over the board, or paste the penpa-edit link of your position (it holds your stars and crosses).",
};

let pos = null; // the position being played
let letters = false;
let autoOn = false;
let shot = null; // the player's own screenshot, as an object URL (never sent again)
const moves = makeHistory(1000);
const board = makeBoard(ui.boardEl);

try {
  letters = localStorage.getItem("queens.letters") === "1";
  autoOn = localStorage.getItem("queens.autox") === "1";
} catch (e) { /* private mode: defaults */ }
ui.letters.checked = letters;
ui.autox.checked = autoOn;

function busy(text) {
  ui.status.textContent = text || "";
  ui.status.classList.toggle("busy", !!text);
}

function clearError() {
  ui.error.hidden = true;
  ui.error.textContent = "";
}

function error(err, status, rec) {
  clearError();
  let kind = err && err.kind;
  const message = err && err.message;
  if (kind === "unsure-marks" && rec && (rec.piece === "star" || rec.stars > 1)) kind = "unsure-marks-stars";
  const plain = (kind && PLAIN[kind]) || message || "The server answered with status " + status + ".";
  ui.error.appendChild(document.createTextNode(plain));
  if (message && message !== plain) {
    const d = document.createElement("span");
    d.className = "detail";
    d.textContent = "Details: " + message;
    ui.error.appendChild(d);
  }
  ui.error.hidden = false;
}

const solvedWords = () => (pos && starry(pos) ? "Solved! Every star is in place." : "Solved! Every queen is in place.");

const answers = makeAnswers(ui, {
  pos: () => pos,
  ready: () => !!pos && !pos.finished,
  letters: () => letters || pos.names !== "colours",
  board: board,
  apply: (list) => change(() => list.forEach(([r, c, m]) => { pos.marks[r * pos.n + c] = m; })),
  error: error,
  clearError: clearError,
  busy: busy,
  solvedWords: solvedWords,
});

function save() {
  try { localStorage.setItem(SAVE, JSON.stringify(pos)); } catch (e) { /* private mode: this page only */ }
}

function summary() {
  const q = pos.marks.filter((m) => m === "q").length;
  const x = pos.marks.filter((m) => m === "x" || m === "a").length;
  const word = starry(pos) ? "star" : "crown";
  const bits = [pos.n + "\u00d7" + pos.n + (pos.stars > 1 ? ", " + pos.stars + " stars" : "")];
  if (pos.title) bits.push(pos.title);
  else if (pos.grade) bits.push(pos.grade);
  bits.push(q + " " + word + (q === 1 ? "" : "s") + ", " + x + (starry(pos) ? " dot" : " X") + (x === 1 ? "" : "s"));
  ui.summary.textContent = bits.join(" \u00b7 ");
}

function tools() {
  ui.undo.disabled = !moves.canUndo() || !!pos.finished;
  ui.redo.disabled = !moves.canRedo() || !!pos.finished;
  const always = pos.names !== "colours";
  // A board named by letter always shows its letters: a switch that cannot switch is left out.
  ui.letters.disabled = always;
  ui.letters.checked = letters || always;
  ui.letters.parentNode.hidden = always;
  // The auto-X puts the board's own mark: dots on a Star Battle board.
  $("autox-word").textContent = starry(pos) ? "Auto-dots" : "Auto-X";
  $("spoil-what").textContent = (starry(pos) ? "Every star" : "Every queen") + " at once. It gives the puzzle away.";
  $("confirm-title").textContent = starry(pos) ? "Show all the stars?" : "Show all the queens?";
}

/** Shows `pos` as the board to play (a new one, or one restored). */
function show(words) {
  document.body.classList.add("playing");
  ui.game.hidden = false;
  ui.win.hidden = true;
  board.build(pos, letters || pos.names !== "colours");
  ui.full.hidden = !shot;
  if (shot) ui.full.href = shot;
  tools();
  summary();
  answers.reset(words || "new");
  if (pos.finished) won();
}

/** One change of the marks, as one step of the history. */
function change(edit, before) {
  if (!pos || pos.finished) return;
  moves.push(before || pos.marks);
  edit();
  settle("Your board changed: press Hint for the next step from here.");
}

// After any change: auto-X's, the board, the words, the saved game, a win.
function settle(words) {
  autoX(pos, autoOn);
  board.paint();
  summary();
  tools();
  save();
  if (finished(pos)) {
    pos.finished = Date.now();
    save();
    answers.reset("");
    won();
  } else {
    answers.reset(words);
  }
}

function won() {
  const secs = Math.max(0, Math.round(((pos.finished || Date.now()) - pos.started) / 1000));
  const time = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
  $("win-title").textContent = solvedWords();
  $("win-time").textContent = "Finished in " + time + ".";
  ui.win.hidden = false;
  ui.hint.disabled = true;
  ui.why.disabled = true;
  ui.walk.disabled = true;
  ui.solution.disabled = true;
  tools();
  answers.say("", "", "Well played! Press New puzzle for another, or drop the next screenshot.");
  // The finished board is the solution, so its emoji board gives nothing away.
  post("api/solve?picture=none", toText(pos)).then((a) => {
    const share = a.rec && a.rec.share;
    $("win-share").textContent = share ? share + "\nSolved in " + time : "";
    $("win-copy").hidden = !share;
  }, () => { $("win-copy").hidden = true; });
}

$("win-copy").addEventListener("click", () => copyText($("win-share").textContent, $("win-copy"), "Copy the emoji board"));

/** Reads a new board from `body` (a picture, once, or text) and plays it. */
function read(body, name, extra) {
  clearError();
  busy("Reading " + name + "\u2026");
  const q = "api/hint?reveal=board&picture=none" + (letters ? "&letters=1" : "");
  post(q, body).then((a) => {
    busy("");
    const rec = a.rec;
    if (!rec || !rec.regions || !rec.ok) { error(rec && rec.error, a.status, rec); return; }
    pos = newPosition(rec, Object.assign({ grade: rec.difficulty && rec.difficulty.grade }, extra || {}));
    moves.clear();
    autoX(pos, autoOn);
    save();
    // The address is the puzzle's link, so a reload (or a copy of it) opens it.
    window.history.replaceState(null, "", linkTo(pos));
    show(rec.solved ? "" : "new");
    if (rec.solved || finished(pos)) { pos.finished = Date.now(); won(); }
  }, () => {
    busy("");
    error({ kind: null, message: "Couldn't reach the solver. Is `queens serve` still running?" }, 0);
  });
}

function send(blob, name) {
  if (shot) URL.revokeObjectURL(shot);
  shot = blob.type && blob.type.indexOf("image/") === 0 ? URL.createObjectURL(blob) : null;
  read(blob, name || "your screenshot", { source: shot ? "screenshot" : "text" });
}

// A drag shows its X's as it goes; it becomes one step of the history when it ends.
let dragBefore = null;
function preview(cells, clearing) {
  if (!pos || pos.finished) return;
  if (!dragBefore) dragBefore = pos.marks.slice();
  cells.forEach((i) => {
    const m = dragBefore[i];
    pos.marks[i] = clearing ? (m === "x" || m === "a" ? "" : m) : (m === "" || m === "a" ? "x" : m);
  });
  board.paint();
}

// The gestures, on the board.
attach(ui.boardEl, () => (pos ? pos.n : 1), {
  markOf: (i) => (pos ? pos.marks[i] : ""),
  asking: () => answers.asking(),
  pick: (i) => answers.pick(i),
  tap: (i) => change(() => { pos.marks[i] = cycle(pos.marks[i]); }),
  preview: preview,
  drag: () => {
    const before = dragBefore;
    dragBefore = null;
    if (before) change(() => {}, before);
  },
  undo: () => {
    const was = pos && !pos.finished && moves.undo(pos.marks);
    if (was) { pos.marks = was; settle(""); }
  },
  redo: () => {
    const was = pos && !pos.finished && moves.redo(pos.marks);
    if (was) { pos.marks = was; settle(""); }
  },
});

ui.undo.addEventListener("click", () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true })));
ui.redo.addEventListener("click", () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "y", ctrlKey: true })));

ui.autox.addEventListener("change", () => {
  autoOn = ui.autox.checked;
  try { localStorage.setItem("queens.autox", autoOn ? "1" : "0"); } catch (e) { /* this page only */ }
  if (pos && !pos.finished) settle("");
});
ui.letters.addEventListener("change", () => {
  letters = ui.letters.checked;
  try { localStorage.setItem("queens.letters", letters ? "1" : "0"); } catch (e) { /* this page only */ }
  if (pos) show("");
});

// Show solution: apart from the hints, and asked for twice.
ui.solution.addEventListener("click", () => { ui.confirm.hidden = false; $("confirm-no").focus(); });
$("confirm-no").addEventListener("click", () => { ui.confirm.hidden = true; ui.solution.focus(); });
$("confirm-yes").addEventListener("click", () => { ui.confirm.hidden = true; answers.solution(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") ui.confirm.hidden = true; });

// The download is the stage on screen, drawn by the server when asked for.
ui.download.addEventListener("click", (e) => {
  e.preventDefault();
  if (!pos) return;
  answers.picture((url) => {
    if (!url) { error({ kind: null, message: "There is no picture of this stage to download." }, 0); return; }
    const a = document.createElement("a");
    a.href = url;
    a.download = "queens-" + answers.name() + ".png";
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
});
ui.download.removeAttribute("aria-disabled");

ui.share.addEventListener("click", () => { if (pos) copyText(linkTo(pos), ui.share, "Copy a link to this puzzle"); });

function copyText(text, button, label) {
  const ok = () => {
    button.textContent = "Copied!";
    setTimeout(() => { button.textContent = label; }, 1800);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(ok, () => { if (legacyCopy(text)) ok(); });
  } else if (legacyCopy(text)) {
    ok();
  }
}

function legacyCopy(text) {
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.style.position = "fixed";
  ta.style.opacity = "0";
  document.body.appendChild(ta);
  ta.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  document.body.removeChild(ta);
  return ok;
}

makePractice({
  open: $("new"), dialog: $("practice"), form: $("practice-form"), cancel: $("practice-no"),
  kind: $("kind"), grade: $("grade"),
}, {
  busy: busy,
  error: error,
  load: (text, name, extra) => { shot = null; read(new Blob([text], { type: "text/plain" }), name, extra); },
});

// Screenshots and text in: a file, a drop, a paste.
ui.file.addEventListener("change", () => {
  if (ui.file.files && ui.file.files[0]) send(ui.file.files[0], ui.file.files[0].name);
  ui.file.value = "";
});
ui.drop.addEventListener("click", (e) => {
  if (e.target === ui.file || (e.target.closest && e.target.closest("label"))) return;
  ui.file.click();
});
ui.drop.addEventListener("keydown", (e) => {
  if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ui.file.click(); }
});
["dragenter", "dragover"].forEach((t) => ui.drop.addEventListener(t, (e) => { e.preventDefault(); ui.drop.classList.add("over"); }));
["dragleave", "dragend"].forEach((t) => ui.drop.addEventListener(t, () => ui.drop.classList.remove("over")));
ui.drop.addEventListener("drop", (e) => {
  e.preventDefault();
  ui.drop.classList.remove("over");
  const dt = e.dataTransfer;
  if (dt && dt.files && dt.files[0]) send(dt.files[0], dt.files[0].name);
  else if (dt && dt.getData("text/plain")) send(new Blob([dt.getData("text/plain")], { type: "text/plain" }), "the dropped text");
});
// Dropping outside the zone must not navigate away from the page.
window.addEventListener("dragover", (e) => e.preventDefault());
window.addEventListener("drop", (e) => e.preventDefault());
document.addEventListener("paste", (e) => {
  const cd = e.clipboardData;
  if (!cd) return;
  const items = cd.items || [];
  for (let i = 0; i < items.length; i++) {
    if (items[i].kind === "file") {
      const f = items[i].getAsFile();
      if (f) { e.preventDefault(); send(f, "the pasted image"); return; }
    }
  }
  const text = cd.getData("text/plain");
  if (text && text.trim()) { e.preventDefault(); send(new Blob([text], { type: "text/plain" }), "the pasted text"); }
});

// A link opens its puzzle (the saved game, when it is the same puzzle); else the
// saved game comes back as it was left.
(function start() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(SAVE) || "null"); } catch (e) { saved = null; }
  const valid = saved && Array.isArray(saved.regions) && Array.isArray(saved.marks) && saved.marks.length === saved.n * saved.n;
  const link = linked();
  if (link && !(valid && toText(saved, false) === link)) {
    read(new Blob([link], { type: "text/plain" }), "the puzzle in the link", { source: "link" });
  } else if (valid) {
    pos = saved;
    show("Welcome back: your board is as you left it.");
  }
})();
