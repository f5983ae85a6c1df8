// The game's gestures on the live board, and the history they make.
//
// As in LinkedIn's game: a tap cycles a cell blank -> X -> crown (a star on a
// Star Battle board) -> blank; a drag from a cell marks X's on the blank cells
// it passes (or, begun on an X, clears the X's it passes), never touching a
// crown. On a keyboard the arrow keys move between cells, Space or Enter cycles
// the focused one, Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo. Every
// tap, drag and applied answer is one step of the history.

/** The next mark of a tap: blank -> X -> crown -> blank (an auto-X counts as an X). */
export function cycle(mark) {
  return mark === "" ? "x" : mark === "x" || mark === "a" ? "q" : "";
}

/** Undo and redo over snapshots of the marks. */
export function makeHistory(limit) {
  let done = [], undone = [];
  return {
    /** Records `before`, the marks as they were before a change. */
    push(before) {
      done.push(before.slice());
      if (done.length > (limit || 1000)) done.shift();
      undone = [];
    },
    undo(now) {
      if (!done.length) return null;
      undone.push(now.slice());
      return done.pop();
    },
    redo(now) {
      if (!undone.length) return null;
      done.push(now.slice());
      return undone.pop();
    },
    canUndo() { return done.length > 0; },
    canRedo() { return undone.length > 0; },
    clear() { done = []; undone = []; },
  };
}

/**
 * Listens on the board element `el` (cells are `[data-cell]` buttons, in
 * row-major order, `n` a side as `size()` says). `on.tap(i)` for a tap or a key,
 * `on.preview(cells, clear)` as a drag goes and `on.drag(cells, clear)` once it
 * ends (the cells it passed, first one included; `clear` when it began on an X),
 * `on.markOf(i)` the mark on a cell, `on.undo()`, `on.redo()`. While `on.asking()` is true, a tap
 * picks a cell instead (`on.pick(i)`) and no drag starts.
 */
export function attach(el, size, on) {
  let start = null, path = [], dragging = false, clearing = false, pointer = null;

  const index = (t) => {
    const b = t && t.closest && t.closest("[data-cell]");
    if (!b || !el.contains(b)) return -1;
    return Number(b.dataset.row) * size() + Number(b.dataset.col);
  };
  const at = (x, y) => index(document.elementFromPoint(x, y));

  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const i = index(e.target);
    if (i < 0) return;
    e.preventDefault();
    start = i;
    path = [i];
    dragging = false;
    pointer = e.pointerId;
    clearing = on.markOf(i) === "x";
    try { el.setPointerCapture(e.pointerId); } catch (err) { /* an old browser: moves still arrive */ }
    focusCell(i);
  });

  el.addEventListener("pointermove", (e) => {
    if (start === null || e.pointerId !== pointer || on.asking()) return;
    const i = at(e.clientX, e.clientY);
    if (i < 0 || path.includes(i)) return;
    dragging = true;
    path.push(i);
    on.preview(path, clearing);
  });

  const end = (e) => {
    if (start === null || (e && e.pointerId !== pointer)) return;
    const first = start;
    start = null;
    if (on.asking()) {
      on.pick(first);
    } else if (dragging) {
      on.drag(path.slice(), clearing);
    } else {
      on.tap(first);
    }
    path = [];
    dragging = false;
  };
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", () => {
    if (dragging) on.drag(path.slice(), clearing);
    start = null;
    path = [];
    dragging = false;
  });

  function focusCell(i) {
    const all = el.querySelectorAll("[data-cell]");
    all.forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
    if (all[i]) all[i].focus({ preventScroll: true });
  }

  el.addEventListener("keydown", (e) => {
    const i = index(e.target);
    if (i < 0) return;
    const n = size(), r = Math.floor(i / n), c = i % n;
    const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (move) {
      e.preventDefault();
      const rr = Math.min(n - 1, Math.max(0, r + move[0])), cc = Math.min(n - 1, Math.max(0, c + move[1]));
      focusCell(rr * n + cc);
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (on.asking()) on.pick(i); else on.tap(i);
    } else if (e.key === "Home") {
      e.preventDefault();
      focusCell(r * n);
    } else if (e.key === "End") {
      e.preventDefault();
      focusCell(r * n + n - 1);
    }
  });

  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) {
      e.preventDefault();
      on.undo();
    } else if (key === "y" || (key === "z" && e.shiftKey)) {
      e.preventDefault();
      on.redo();
    }
  });

  return { focusCell: focusCell };
}
