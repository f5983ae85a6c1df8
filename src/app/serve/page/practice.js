// Practice: a new puzzle made by the server's own generator, played on the same
// live board with the same hints, and any puzzle as a link that opens it here.
//
// The link carries the puzzle itself (its text: the regions, K and, from a
// screenshot, the region colours), base64url-encoded after `#p=`, so it opens
// on any `queens serve` without anything stored on a server. The player's marks
// stay with the player: the link opens the puzzle fresh.

import { post } from "./answers.js";
import { toText } from "./board.js";

// What the page offers: Queens at every grade, Star Battle at the grades the
// generator makes for those boards.
const KINDS = [
  { label: "Queens 6\u00d76", size: 6, stars: 1 },
  { label: "Queens 7\u00d77", size: 7, stars: 1 },
  { label: "Queens 8\u00d78", size: 8, stars: 1 },
  { label: "Queens 9\u00d79", size: 9, stars: 1 },
  { label: "Queens 10\u00d710", size: 10, stars: 1 },
  { label: "Queens 11\u00d711", size: 11, stars: 1 },
  { label: "Star Battle 10\u00d710, 2 stars", size: 10, stars: 2 },
  { label: "Star Battle 14\u00d714, 3 stars", size: 14, stars: 3 },
];
const GRADES = { 1: ["easy", "medium", "hard", "expert"], 2: ["hard", "expert"], 3: ["hard", "expert"] };

/** The text of a puzzle as a link's fragment, and back. */
export function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function decode(frag) {
  const b64 = frag.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}

/** The puzzle in a link, when the page was opened by one (`#p=...`); else null. */
export function linked() {
  const m = /^#p=([A-Za-z0-9_-]{1,20000})$/.exec(location.hash);
  if (!m) return null;
  try { return decode(m[1]); } catch (e) { return null; }
}

/** The link that opens `pos`'s puzzle on this page. */
export function linkTo(pos) {
  return location.origin + location.pathname + "#p=" + encode(toText(pos, false));
}

/** Wires the New puzzle dialog: `load(text, name)` plays the puzzle made. */
export function makePractice(ui, game) {
  ui.kind.textContent = "";
  KINDS.forEach((k, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = k.label;
    ui.kind.appendChild(o);
  });
  let chosen = { kind: 2, grade: "medium" };
  try { chosen = Object.assign(chosen, JSON.parse(localStorage.getItem("queens.practice") || "{}")); } catch (e) { /* fresh */ }
  ui.kind.value = String(chosen.kind);

  function grades() {
    const k = KINDS[Number(ui.kind.value)] || KINDS[2];
    const list = GRADES[k.stars];
    const was = ui.grade.value || chosen.grade;
    ui.grade.textContent = "";
    list.forEach((g) => {
      const o = document.createElement("option");
      o.value = g;
      o.textContent = g[0].toUpperCase() + g.slice(1);
      ui.grade.appendChild(o);
    });
    ui.grade.value = list.includes(was) ? was : list[0];
  }
  grades();
  ui.kind.addEventListener("change", grades);

  ui.open.addEventListener("click", () => {
    ui.dialog.hidden = false;
    ui.kind.focus();
  });
  ui.cancel.addEventListener("click", () => { ui.dialog.hidden = true; });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") ui.dialog.hidden = true; });
  ui.form.addEventListener("submit", (e) => {
    e.preventDefault();
    ui.dialog.hidden = true;
    const k = KINDS[Number(ui.kind.value)] || KINDS[2];
    const grade = ui.grade.value;
    try { localStorage.setItem("queens.practice", JSON.stringify({ kind: Number(ui.kind.value), grade: grade })); } catch (err) { /* this page only */ }
    game.busy("Making a " + k.label + " puzzle, " + grade + "\u2026");
    post("api/generate?size=" + k.size + "&stars=" + k.stars + "&grade=" + grade, "").then((a) => {
      game.busy("");
      if (!a.rec || !a.rec.ok) { game.error(a.rec && a.rec.error, a.status, a.rec); return; }
      game.load(a.rec.puzzle, "the new puzzle", { source: "generated", title: k.label + ", " + a.rec.grade });
    }, () => {
      game.busy("");
      game.error({ kind: null, message: "Couldn't reach the server. Is `queens serve` still running?" }, 0);
    });
  });
}
