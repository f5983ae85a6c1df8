// Questions about the live board, and their answers drawn on it.
//
// Every question is about the position as it stands now, sent as the text format
// (`toText`), never the picture again; the server answers with JSON as far as the
// stage asked for, and the page draws it on its own board: the units outlined,
// the cells a step decides, the mark to fix. Nothing is asked before the player
// asks, so nothing later than the screen is ever on the wire.
//
// A hint goes nudge -> reason -> answer on one position; so does "why?" about a
// cell. Once the board changes, the question is over: the next Hint is about the
// new position. Walk through steps along the path from the position, one step
// per screen (the steps before drawn grey), each shown no further than asked.

import { toText, cellName, cellArg, starry } from "./board.js";

const REVEALS = ["nudge", "reason", "answer"];
const SAID = ["where to look", "the reason", "the answer"];
const MORE = ["Hint", "Show the reason", "Show the answer"];
/** What to do once a question is left without a change to the board. */
const PLAY_ON = "Play on the board. Stuck? Press Hint.";

/** Sends `body` (text, or the screenshot's Blob) to `path` and gives back `{status, rec}` (rec null when not JSON). */
export function post(path, body) {
  // Text goes as text; a screenshot (its one upload) as its own type.
  const headers = typeof body === "string" ? { "Content-Type": "text/plain; charset=utf-8" } : {};
  return fetch(path, { method: "POST", body: body, headers: headers })
    .then((res) => res.text().then((text) => {
      let rec = null;
      try { rec = JSON.parse(text); } catch (e) { rec = null; }
      return { status: res.status, rec: rec };
    }));
}

/** The questions' state and buttons. `ui` holds the elements, `game` the page:
 *  `game.pos()` the position, `game.letters()`, `game.board`, `game.apply(marks)`
 *  (cells to set, as one history step), `game.error(err, status)`, `game.busy(text)`. */
export function makeAnswers(ui, game) {
  let q = null; // the question on screen
  let saved = null; // the hint to go back to from a "why?"
  let asking = false; // waiting for a cell to ask about
  let walking = false;
  let seen = {}; // walk: the stage each step reached
  let pending = false;

  const query = (extra) => extra + (game.letters() ? "&letters=1" : "");

  function ask(path, body, then) {
    if (pending) return;
    pending = true;
    setButtons(true);
    game.busy("Thinking\u2026");
    post(path, body).then((a) => {
      pending = false;
      game.busy("");
      then(a.rec, a.status);
      setButtons(false);
    }, () => {
      pending = false;
      game.busy("");
      setButtons(false);
      game.error({ kind: null, message: "Couldn't reach the solver. Is `queens serve` still running?" }, 0);
    });
  }

  // The words beside the board: a title, the sentence (or a list, one step a
  // line), and what the next press does.
  function say(stage, sentence, next, list, after) {
    ui.words.textContent = "";
    if (stage) {
      const s = document.createElement("span");
      s.className = "stage";
      s.textContent = stage;
      ui.words.appendChild(s);
    }
    if (sentence) {
      const p = document.createElement("p");
      p.className = "sentence";
      p.textContent = sentence;
      ui.words.appendChild(p);
      // On a phone the words sit under the board: an answer that runs below the
      // screen is scrolled up into view (the header and the drop zone go first).
      if (stage && window.matchMedia("(max-width: 760px)").matches && p.getBoundingClientRect().bottom > window.innerHeight) {
        p.scrollIntoView({ block: "nearest" });
      }
    }
    if (list && list.length) {
      const ol = document.createElement("ol");
      list.forEach((item, k) => {
        const li = document.createElement("li");
        if (item.layer) {
          // A link, not a button: it wraps as text, so the step's number stays on its first line.
          const b = document.createElement("a");
          b.href = "#";
          b.textContent = item.text;
          b.addEventListener("click", (e) => {
            e.preventDefault();
            Array.prototype.forEach.call(ol.children, (x, j) => x.classList.toggle("on", j === k));
            game.board.show(item.layer);
          });
          li.appendChild(b);
        } else {
          li.textContent = item.text;
        }
        ol.appendChild(li);
      });
      ui.words.appendChild(ol);
    }
    if (after) {
      const p = document.createElement("p");
      p.className = "sentence";
      p.textContent = after;
      ui.words.appendChild(p);
    }
    if (next) {
      const p = document.createElement("p");
      p.className = "next";
      p.textContent = next;
      ui.words.appendChild(p);
    }
  }

  function setButtons(all) {
    const stage = q && q.stage;
    ui.hint.disabled = all || !game.ready() || (q && q.kind === "hint" && !q.rec.hint && stage > 0);
    ui.why.disabled = all || !game.ready();
    ui.walk.disabled = all || !game.ready();
    ui.apply.disabled = all;
    ui.back.disabled = all;
    ui.solution.disabled = all || !game.ready();
  }

  /** The board changed (a tap, undo, a new board): any question on it is over. */
  function reset(words) {
    q = null;
    saved = null;
    seen = {};
    asking = false;
    ui.boardEl.classList.remove("asking");
    game.board.show(null);
    ui.hint.textContent = MORE[0];
    ui.apply.hidden = true;
    ui.back.hidden = true;
    ui.hint.hidden = false;
    ui.title.textContent = walking ? "Walk through" : "Your board";
    setWalking(walking && words !== "new");
    if (words === "new") say("", "", "Play on the board: tap a cell for " + (starry(game.pos()) ? "a dot" : "an X") + ", again for a " + piece() + ". Stuck? Press Hint.");
    else if (words) say("", "", words);
    setButtons(false);
  }

  const piece = () => (starry(game.pos()) ? "star" : "crown");
  /** What the red marks of a mark to fix mean (the terminal's legend and the
   *  picture's banner say the same: `output::hint::PROOF_DOTS`): dots, or on a
   *  Star Battle board, whose players mark dots, crosses. */
  const proofMarks = () => "Red " + (starry(game.pos()) ? "crosses" : "dots") + ": ruled out if that mark stays.";

  /** Words of several lines as said beside the board: the first line, the numbered
   *  lines as a list (their numbers left to it), and a last line that is not
   *  numbered after the list. Words of one or two lines stay one sentence. */
  function lines(text) {
    const parts = (text || "").split("\n");
    if (parts.length <= 2) return { sentence: text, list: null, after: null };
    const number = /^\d+\.\s/;
    const last = parts[parts.length - 1];
    const after = number.test(last) ? null : last;
    const items = after === null ? parts.slice(1) : parts.slice(1, -1);
    return { sentence: parts[0], list: items.map((t) => ({ text: t.replace(number, "") })), after: after };
  }

  function hint(step, stage, text) {
    const body = text || toText(game.pos());
    ask("api/hint?" + query("picture=none&step=" + step + "&reveal=" + REVEALS[stage - 1]), body, (rec, status) => {
      if (!rec || !rec.ok) { game.error(rec && rec.error, status, rec); return; }
      game.clearError();
      q = { kind: "hint", step: step, stage: stage, text: body, rec: rec };
      seen[step] = Math.max(seen[step] || 0, stage);
      showHint();
    });
  }

  function showHint() {
    const rec = q.rec, h = rec.hint, stage = q.stage;
    const fixing = rec.fixing;
    const title = walking ? "Step " + (q.step + 1) + " from your board" : fixing ? "Something to fix" : "Hint";
    ui.title.textContent = title;
    ui.back.hidden = !(walking && q.step > 0);
    ui.back.textContent = "\u2190 Back";
    if (!h) {
      game.board.show({ earlier: rec.earlier });
      say("", "", rec.solved ? game.solvedWords() : (rec.stopped || "No further hint: every cell is decided."));
      ui.hint.textContent = MORE[0];
      ui.hint.hidden = false;
      ui.apply.hidden = true;
      return;
    }
    // A proof of several steps comes one a line: its lead, the numbered steps, then how it breaks.
    const { sentence, list, after } = lines(stage === 1 ? h.nudge : stage === 2 ? h.reason : h.text);
    const fix = fixing && stage === 3 && rec.mistakes && rec.mistakes[0];
    game.board.show({
      look: h.uses,
      decided: stage === 3 ? h.decided : [],
      earlier: rec.earlier,
      fix: fix || null,
      // "No cell left" shows none left: what the proof rules out with the mark there.
      out: fix ? rec.implied : [],
    });
    const next = stage === 1 ? "Press Show the reason for why." :
      stage === 2 ? (fixing ? "Press Show the answer for the mark to fix." : "Press Show the answer for what it decides.") :
        fixing ? (rec.implied && rec.implied.length ? proofMarks() + " " : "") + "Tap the ringed mark to change it, or press Fix it." :
          walking ? "Press Next step for the step after it." : "Play it on the board, or press Play it.";
    say(title + " \u00b7 " + SAID[stage - 1] + ".", sentence, next, list, after);
    // At the answer the next thing is to play it: Hint comes back once the board changes.
    ui.hint.textContent = stage < 3 ? MORE[stage] : MORE[0];
    ui.hint.hidden = stage === 3;
    ui.apply.hidden = stage < 3;
    ui.apply.classList.toggle("secondary", stage < 3);
    ui.apply.textContent = walking && !fixing ? "Next step \u2192" : fixing ? "Fix it" : "Play it";
  }

  /** Plays the answer on screen: its decided cells become the player's marks (a
   *  fix clears the mark), or in a walk, the next step. */
  function apply() {
    if (!q || q.kind !== "hint" || q.stage < 3 || !q.rec.hint) return;
    const rec = q.rec;
    if (rec.fixing) {
      const m = rec.mistakes && rec.mistakes[0];
      if (m) game.apply([[m[0], m[1], ""]]);
    } else if (walking) {
      hint(q.step + 1, seen[q.step + 1] || 1, q.text);
    } else {
      game.apply(rec.hint.decided.map((d) => [d.cell[0], d.cell[1], d.mark === "queen" ? "q" : "x"]));
    }
  }

  function why(cell, stage) {
    const body = stage === 1 || !q || q.kind !== "why" ? toText(game.pos()) : q.text;
    ask("api/why?" + query("picture=none&cell=" + cellArg(cell[0], cell[1]) + "&reveal=" + REVEALS[stage - 1]), body, (rec, status) => {
      if (!rec || !rec.ok) { game.error(rec && rec.error, status, rec); return; }
      game.clearError();
      if (q && q.kind === "hint") saved = q;
      q = { kind: "why", cell: cell, stage: stage, text: body, rec: rec };
      showWhy();
    });
  }

  function showWhy() {
    const rec = q.rec, stage = q.stage, cell = q.cell;
    const title = "Why? " + cellName(cell[0], cell[1]);
    ui.title.textContent = title;
    const fixing = stage === 3 && rec.mistake;
    let layer = { look: rec.look, asked: cell, fix: fixing ? cell : null };
    let sentence = stage === 1 ? rec.nudge : stage === 2 ? rec.reason : rec.text;
    let list = null, after = null;
    let next = stage < 3 ? "Press " + MORE[stage] + "." : "Press Why? and tap another cell to ask again.";
    if (fixing) {
      // The mark asked about is wrong: its fix, said as a hint says it. The
      // proof's steps hold only with the mark in place, so none is drawn as
      // decided; what the proof rules out where it breaks is dotted.
      ({ sentence, list, after } = lines(sentence));
      layer.out = rec.implied;
      next = (rec.implied && rec.implied.length ? proofMarks() + " " : "") + "Tap the ringed mark to change it, or press Why? and tap another cell.";
    } else if (stage === 2 && sentence) {
      // A reason of several steps is a list: its first line says how many, then
      // one numbered step a line.
      ({ sentence, list } = lines(sentence));
    } else if (stage === 3 && rec.steps && rec.steps.length > 1) {
      sentence = "It takes " + rec.steps.length + " steps from your board; tap one to see it on the board.";
      let earlier = [];
      list = rec.steps.map((s) => {
        const step = { look: s.uses, decided: s.decided, earlier: earlier.slice(), asked: cell };
        earlier = earlier.concat(s.decided);
        return { text: s.text, layer: step };
      });
      const last = rec.steps[rec.steps.length - 1];
      layer = { look: last.uses, decided: last.decided, asked: cell };
    } else if (stage === 3 && rec.steps && rec.steps.length === 1) {
      layer = { look: rec.steps[0].uses, decided: rec.steps[0].decided, asked: cell };
    }
    game.board.show(layer);
    say(title + " \u00b7 " + SAID[stage - 1] + ".", sentence, next, list, after);
    ui.hint.hidden = false;
    ui.hint.textContent = stage < 3 ? MORE[stage] : MORE[0];
    ui.apply.hidden = true;
    showBack();
  }

  /** Back, at every stage of a why and while a cell is being picked: to the hint
   *  it was asked from, else to playing on (`leaveWhy`). */
  function showBack() {
    ui.back.hidden = false;
    ui.back.textContent = saved ? "\u2190 Back to the hint" : "\u2190 Back";
  }

  function setWalking(on) {
    walking = on;
    ui.walk.textContent = on ? "Stop walking" : "Walk through";
    ui.walk.classList.toggle("on", on);
    if (!on) ui.hint.hidden = false;
  }

  // The Hint button: the next stage of the question on screen, or a new hint.
  ui.hint.addEventListener("click", () => {
    if (q && q.kind === "why" && q.stage < 3) why(q.cell, q.stage + 1);
    else if (q && q.kind === "hint" && q.stage < 3 && q.rec.hint) hint(q.step, q.stage + 1, q.text);
    else { setWalking(false); hint(0, 1); }
  });
  ui.apply.addEventListener("click", apply);
  ui.back.addEventListener("click", () => {
    if (q && (q.kind === "why" || q.kind === "asking")) {
      leaveWhy();
    } else if (q && q.kind === "hint" && walking && q.step > 0) {
      hint(q.step - 1, seen[q.step - 1] || 1, q.text);
    }
  });
  ui.walk.addEventListener("click", () => {
    if (walking) { setWalking(false); reset(PLAY_ON); return; }
    setWalking(true);
    seen = {};
    hint(0, 1);
  });
  ui.why.addEventListener("click", () => {
    asking = !asking;
    ui.boardEl.classList.toggle("asking", asking);
    if (!asking) { leaveWhy(); return; }
    // A hint on screen stays drawn (its ringed mark is worth asking about) and
    // comes back after the answer, or if asking is called off.
    if (q && q.kind === "hint") saved = q;
    q = { kind: "asking" };
    ui.title.textContent = "Why?";
    ui.apply.hidden = true;
    ui.hint.hidden = true;
    showBack();
    say("Why?", "Tap a cell to ask about it.", "Press Why? again to play on instead.");
  });

  /** Leaves a "why?" (or asking for one): back to the hint it came from, else
   *  to playing on. */
  function leaveWhy() {
    asking = false;
    ui.boardEl.classList.remove("asking");
    if (saved) { q = saved; saved = null; showHint(); } else reset(PLAY_ON);
  }

  /** A cell picked while asking. */
  function pick(i) {
    const n = game.pos().n;
    asking = false;
    ui.boardEl.classList.remove("asking");
    ui.hint.hidden = false;
    why([Math.floor(i / n), i % n], 1);
  }

  /** The whole solution, drawn over the player's marks (asked for twice). */
  function solution() {
    ask("api/solve?" + query("picture=none"), toText(game.pos()), (rec, status) => {
      if (!rec || !rec.ok) { game.error(rec && rec.error, status, rec); return; }
      q = { kind: "solution", rec: rec };
      ui.title.textContent = "The solution";
      game.board.show({ solution: rec.queens });
      say("", "", "Every " + piece() + " of the solution is drawn in gold. Play on, or press Hint to go step by step.");
      ui.hint.textContent = MORE[0];
      ui.hint.hidden = false;
      ui.apply.hidden = true;
      ui.back.hidden = true;
    });
  }

  /** The picture of what is on screen, drawn by the server, to download. */
  function picture(then) {
    const pos = game.pos();
    let path;
    if (q && q.kind === "hint") path = "api/hint?" + query("step=" + q.step + "&reveal=" + REVEALS[q.stage - 1]);
    else if (q && q.kind === "why") path = "api/why?" + query("cell=" + cellArg(q.cell[0], q.cell[1]) + "&reveal=" + REVEALS[q.stage - 1]);
    else if (!q) path = "api/hint?" + query("reveal=board");
    else return then(null);
    ask(path, q ? q.text : toText(pos), (rec) => then(rec && rec.overlay ? rec.overlay : null));
  }

  return {
    reset: reset,
    pick: pick,
    asking: () => asking,
    solution: solution,
    picture: picture,
    name: () => (!q ? "board" : q.kind === "solution" ? "solution" : q.kind + "-" + REVEALS[q.stage - 1]),
    setButtons: setButtons,
    say: say,
  };
}
