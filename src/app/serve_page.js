// The page of `queens serve`: upload a board, then ask for as much as you want.
//
// Nothing is shown before it is asked for: the page asks the server for exactly
// the stage it shows (the board alone, then a hint's nudge, its reason, its
// answer; or "why?" about a cell, in the same three reveals), and what can be
// downloaded is the picture on screen. The one board is the player's own, with
// each reveal drawn on it by the server. The whole solution sits apart and asks
// first.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var drop = $("drop"), file = $("file"), statusEl = $("status"), errorEl = $("error");
  var result = $("result"), overlay = $("overlay"), board = $("board"), summary = $("summary");
  var download = $("download"), copy = $("copy"), taps = $("taps");
  var hintBtn = $("hint"), whyBtn = $("why"), backBtn = $("back"), nextBtn = $("next"), walkBtn = $("walk");
  var solutionBtn = $("solution"), hintText = $("hint-text"), overlayTitle = $("overlay-title");
  var hintNext = $("hint-next"), fullLink = $("full"), lettersBox = $("letters");
  var confirmBox = $("confirm");

  // The reveals, in the order they are asked for, and each one's words.
  var REVEALS = ["nudge", "reason", "answer"];
  var SAID = ["where to look", "the reason", "the answer"];
  var MORE = ["Hint", "Show the reason", "Show the answer"];

  // What the page shows. mode: "board" (the upload, nothing asked yet), "hint"
  // (step `step` of the path from the player's board at `stage` 1..3), "why"
  // (cell `whyCell` at `whyStage` 1..3) or "solution".
  var mode = "none", step = 0, stage = 0, whyCell = null, whyStage = 0, walking = false;
  var seen = {}; // the stage each step of the walk reached, so Back shows no more than was seen
  var upload = null, busy = false, share = null, rec0 = null, again = null;
  var fullSrc = null, shownSrc = null, shownName = "queens-board.png", showingFull = false;
  var selected = null, done = false;

  var letters = false;
  try { letters = localStorage.getItem("queens.letters") === "1"; } catch (e) { letters = false; }
  lettersBox.checked = letters;
  $("origin").textContent = location.host;

  var PLAIN = {
    "parse": "That text isn't a puzzle I can read.",
    "decode": "That file isn't an image I can open. Try a PNG or JPEG screenshot.",
    "no-grid": "Couldn't find a puzzle grid in this image.",
    "regions": "Found the grid, but couldn't tell the colored regions apart.",
    "partition": "The colored regions don't form a valid puzzle (a region may have been misread).",
    "no-solution": "This puzzle has no solution as read. The colors may have been misread.",
    "several-solutions": "This puzzle has more than one solution as read. The colors may have been misread; one solution is shown.",
    "solver": "The solver gave up before finding an answer.",
    "io": "Couldn't read the upload.",
    "too-large": "That file is too large (the limit is 20 MB).",
    "busy": "The solver is busy right now. Try again in a moment.",
    "timeout": "Solving took too long.",
    "internal": "Something went wrong on the server while solving this picture.",
    "bad-request": "The request was not understood.",
    "no-such-cell": "That cell is not on this board.",
    "unsure-marks": "Some marks on your board could not be read for sure, and a hint from a misread board could be wrong. " +
      "Take the screenshot again with nothing over the board, or press Show solution for the whole answer.",
    "unsure-marks-stars": "Some stars or crosses on your board could not be read for sure, and a hint from a misread board could be wrong. " +
      "Take the screenshot again with nothing over the board, or paste the penpa-edit link of your position (it holds your stars and crosses). " +
      "Show solution still gives the whole answer."
  };

  function setStatus(text, spinning) {
    statusEl.textContent = text;
    statusEl.classList.toggle("busy", !!spinning);
  }

  function showError(err, status, rec) {
    errorEl.textContent = "";
    var kind = err && err.kind, message = err && err.message;
    if (kind === "unsure-marks" && starry(rec)) kind = "unsure-marks-stars";
    var plain = (kind && PLAIN[kind]) || message || ("The server answered with status " + status + ".");
    errorEl.appendChild(document.createTextNode(plain));
    if (message && message !== plain) {
      var d = document.createElement("span");
      d.className = "detail";
      d.textContent = "Details: " + message;
      errorEl.appendChild(d);
    }
    errorEl.hidden = false;
  }

  function clearAll() {
    errorEl.hidden = true;
    errorEl.textContent = "";
    result.hidden = true;
    document.body.classList.remove("has-result");
    overlay.removeAttribute("src");
    board.textContent = "";
    board.hidden = true;
    taps.textContent = "";
    taps.hidden = true;
    summary.textContent = "";
    share = null;
    copy.hidden = true;
    copy.disabled = true;
    copy.textContent = "Copy emoji board";
    setDownload(null);
    hintText.textContent = "";
    hintNext.textContent = "";
    hintBtn.disabled = true;
    hintBtn.textContent = MORE[0];
    whyBtn.hidden = true;
    solutionBtn.disabled = true;
    walkBtn.disabled = true;
    setWalking(false);
    if (fullSrc) URL.revokeObjectURL(fullSrc);
    fullSrc = null;
    shownSrc = null;
    showingFull = false;
    fullLink.hidden = true;
    mode = "none";
    step = 0;
    stage = 0;
    whyCell = null;
    whyStage = 0;
    seen = {};
    selected = null;
    done = false;
    rec0 = null;
    again = null;
  }

  function cellName(c) { return "row " + (c[0] + 1) + ", column " + (c[1] + 1); }
  function cellArg(c) { return "r" + (c[0] + 1) + "c" + (c[1] + 1); }
  function query(extra) { return extra + (letters ? "&letters=1" : ""); }

  // The download is the picture on screen, never more.
  function setDownload(src, name) {
    if (!src) {
      download.setAttribute("aria-disabled", "true");
      download.setAttribute("href", "#");
      return;
    }
    download.href = src;
    download.setAttribute("download", name);
    download.removeAttribute("aria-disabled");
  }

  // Shows a picture (a data URL) as the board, and offers it for download under `name`.
  function setPicture(src, name, box) {
    shownSrc = src;
    shownName = name;
    showingFull = false;
    fullLink.textContent = "Full screenshot";
    fullLink.hidden = !fullSrc;
    overlay.src = src;
    overlay.hidden = false;
    board.hidden = true;
    setDownload(src, name);
    placeTaps(box);
  }

  // The cells of the board as buttons over the picture: tap one to ask why.
  function placeTaps(box) {
    taps.textContent = "";
    taps.hidden = true;
    var n = rec0 && rec0.n;
    if (!box || !n || mode === "solution") return;
    var lay = function () {
      var w = overlay.naturalWidth, h = overlay.naturalHeight;
      if (!w || !h) return;
      taps.style.left = (100 * box[0] / w) + "%";
      taps.style.top = (100 * box[1] / h) + "%";
      taps.style.width = (100 * box[2] / w) + "%";
      taps.style.height = (100 * box[3] / h) + "%";
    };
    taps.style.gridTemplateColumns = "repeat(" + n + ", 1fr)";
    taps.style.gridTemplateRows = "repeat(" + n + ", 1fr)";
    for (var r = 0; r < n; r++) {
      for (var c = 0; c < n; c++) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "tap";
        b.dataset.row = r;
        b.dataset.col = c;
        b.setAttribute("aria-label", "Row " + (r + 1) + ", column " + (c + 1));
        if (selected && selected[0] === r && selected[1] === c) b.classList.add("sel");
        taps.appendChild(b);
      }
    }
    if (overlay.complete && overlay.naturalWidth) lay(); else overlay.addEventListener("load", lay, { once: true });
    taps.hidden = false;
  }

  // A Star Battle board (K ≥ 2, or regions read from borders alone: the record's
  // "piece"): its stars are stars, never queens or crowns.
  function starry(rec) { return !!rec && (rec.piece ? rec.piece === "star" : rec.stars > 1); }

  // The words that name the board's stars, once its record says what K is.
  function nameStars(rec) {
    var stars = starry(rec);
    $("spoil-what").textContent = (stars ? "Every star" : "Every queen") + " at once. It gives the puzzle away.";
    $("confirm-title").textContent = stars ? "Show all the stars?" : "Show all the queens?";
  }

  function solvedWords(rec) { return starry(rec) ? "Solved! Every star is in place." : "Solved! Every queen is in place."; }

  // The player's own mark on a cell: "queen", "cross" or "".
  function markOf(c) {
    var m = (rec0 && rec0.marks) || {};
    var has = function (list) { return (list || []).some(function (q) { return q[0] === c[0] && q[1] === c[1]; }); };
    return has(m.queens) ? "queen" : has(m.crosses) ? "cross" : "";
  }

  // The Why button's words come from the player's own mark, never from the solution.
  taps.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest(".tap");
    if (!t) return;
    selected = [Number(t.dataset.row), Number(t.dataset.col)];
    Array.prototype.forEach.call(taps.children, function (b) { b.classList.toggle("sel", b === t); });
    var mark = markOf(selected);
    whyBtn.textContent = mark === "queen" ? (starry(rec0) ? "Why a star here?" : "Why a crown here?") : mark === "cross" ? "Why not here?" : "What goes here?";
    whyBtn.hidden = false;
    whyBtn.disabled = false;
  });

  // While an answer is on its way the buttons that ask for one are disabled, so a
  // press is never silently dropped; each gets its own state back before the answer shows.
  var ASKING = [hintBtn, whyBtn, backBtn, nextBtn, walkBtn, solutionBtn];
  // A board read from its borders alone names its regions by letter, so its
  // pictures always carry the letters: the box says so rather than doing nothing.
  function lettersShown(rec) {
    var always = !!rec && rec.letters === true && !letters;
    lettersBox.disabled = always;
    lettersBox.checked = letters || always;
    lettersBox.parentNode.title = always ? "This board has no colours, so its regions are named by letter: the letters are always shown." : "";
  }

  function post(path, blob, then) {
    if (busy) return;
    busy = true;
    var was = ASKING.map(function (b) { return b.disabled; });
    ASKING.forEach(function (b) { b.disabled = true; });
    var done = function () {
      busy = false;
      ASKING.forEach(function (b, i) { b.disabled = was[i]; });
    };
    fetch(path, { method: "POST", body: blob })
      .then(function (res) {
        return res.text().then(function (text) {
          var rec = null;
          try { rec = JSON.parse(text); } catch (e) { rec = null; }
          return { status: res.status, rec: rec };
        });
      })
      .then(function (a) { done(); lettersShown(a.rec); then(a.rec, a.status); })
      .catch(function () {
        done();
        setStatus("");
        showError({ kind: null, message: "Couldn't reach the solver. Is `queens serve` still running?" }, 0);
      });
  }

  function showResult() {
    result.hidden = false;
    document.body.classList.add("has-result");
    solutionBtn.disabled = false;
  }

  function say(label, sentence, next) {
    hintText.textContent = sentence || "";
    hintNext.textContent = "";
    if (label) {
      var b = document.createElement("span");
      b.className = "stage";
      b.textContent = label + " ";
      hintNext.appendChild(b);
    }
    hintNext.appendChild(document.createTextNode(next || ""));
  }

  function counts(rec) {
    var m = rec.marks || {}, q = (m.queens || []).length, x = (m.crosses || []).length;
    var bits = [], star = starry(rec) ? " star" : " crown";
    if (rec.n) bits.push(rec.n + "\u00d7" + rec.n);
    // A board refused for its marks has none read: say nothing about them.
    // Star Battle players rule cells out with dots (puzz.link) or X's (penpa-edit).
    var out = starry(rec) ? (x === 1 ? " no-star mark" : " no-star marks") : (x === 1 ? " X" : " Xs");
    if (rec.ok) bits.push(q + star + (q === 1 ? "" : "s") + " and " + x + out + " read");
    if (rec.difficulty) bits.push(rec.difficulty.grade);
    return bits.join(" \u00b7 ");
  }

  // The board alone, right after an upload: nothing of any hint yet.
  function askBoard() {
    again = askBoard;
    setStatus("Reading your board\u2026", true);
    post("api/hint?" + query("reveal=board"), upload, function (rec, status) {
      setStatus("");
      if (!rec || !rec.regions) { showError(rec && rec.error, status, rec); return; }
      rec0 = rec;
      nameStars(rec);
      mode = "board";
      setWalking(false);
      showResult();
      overlayTitle.textContent = "Your board";
      if (rec.overlay) setPicture(rec.overlay, "queens-board.png", rec.board_box);
      summary.textContent = counts(rec);
      if (!rec.ok) {
        showError(rec.error, status, rec);
        say("", "", "");
        hintBtn.disabled = true;
        return;
      }
      errorEl.hidden = true;
      var more = rec.has_hint;
      say("", "", rec.solved ? solvedWords(rec) :
        more ? "Press Hint for where to look, or tap a cell and ask why." :
          (rec.stopped || "No further hint: every cell is decided."));
      hintBtn.textContent = MORE[0];
      hintBtn.disabled = !more;
      walkBtn.disabled = !more;
    });
  }

  // Step `s` of the path from the player's board, at stage `st` (1..3), and nothing more.
  function askHint(s, st) {
    again = function () { askHint(step, stage); };
    // A cell picked for Why? is let go: the hint's picture is about something else.
    selected = null;
    whyBtn.hidden = true;
    setStatus("Thinking\u2026", true);
    post("api/hint?" + query("step=" + s + "&reveal=" + REVEALS[st - 1]), upload, function (rec, status) {
      setStatus("");
      if (!rec || !rec.ok) { showError(rec && rec.error, status, rec); return; }
      errorEl.hidden = true;
      rec0 = rec;
      mode = "hint";
      step = s;
      stage = st;
      seen[s] = Math.max(seen[s] || 0, st);
      showResult();
      var h = rec.hint, mistake = h && h.technique === "mistake";
      var title = walking ? "Step " + (s + 1) + " from your board" : (mistake ? "Something to fix" : "Hint " + (s + 1));
      overlayTitle.textContent = title;
      if (rec.overlay) setPicture(rec.overlay, "queens-hint-" + (s + 1) + "-" + REVEALS[st - 1] + ".png", rec.board_box);
      summary.textContent = counts(rec);
      done = !h;
      if (!h) {
        say("", "", rec.solved ? solvedWords(rec) : (rec.stopped || "No further hint: every cell is decided."));
        hintBtn.disabled = true;
      } else {
        var sentence = st === 1 ? h.nudge : st === 2 ? h.reason : h.text;
        var next = st === 1 ? "Press Show the reason for why." :
          st === 2 ? (mistake ? "Press Show the answer for the mark to fix." : "Press Show the answer for what it decides" +
            (walking ? "; then Next step." : ".")) :
            mistake ? "Fix it on your board, then upload the new screenshot." : "Press Next hint for the next step.";
        say(title + " \u00b7 " + SAID[st - 1] + ".", sentence, next);
        // A mistake's answer is the last thing to say until the board changes: the
        // button then asks for the fixed board.
        hintBtn.textContent = st < 3 ? MORE[st] : mistake ? "Upload the fixed board" : "Next hint";
        hintBtn.disabled = false;
      }
      walkBtn.disabled = false;
      updateWalk(h, mistake);
    });
  }

  // "Why?" about cell `c` of the player's board, at stage `st` (1..3).
  function askWhy(c, st) {
    again = function () { askWhy(whyCell, whyStage); };
    setStatus("Thinking\u2026", true);
    post("api/why?" + query("cell=" + cellArg(c) + "&reveal=" + REVEALS[st - 1]), upload, function (rec, status) {
      setStatus("");
      if (!rec || !rec.ok) { showError(rec && rec.error, status, rec); return; }
      errorEl.hidden = true;
      mode = "why";
      whyCell = c;
      whyStage = st;
      showResult();
      var title = "Why? " + cellName(c);
      overlayTitle.textContent = title;
      if (rec.overlay) setPicture(rec.overlay, "queens-why-" + cellArg(c) + "-" + REVEALS[st - 1] + ".png", rec.board_box);
      var sentence = st === 1 ? rec.nudge : st === 2 ? rec.reason : rec.text;
      var next = st < 3 ? "Press " + MORE[st] + "." : "Tap another cell to ask again, or press Back to the hint.";
      say(title + " \u00b7 " + SAID[st - 1] + ".", sentence, next);
      hintBtn.textContent = st < 3 ? MORE[st] : "Back to the hint";
      hintBtn.disabled = false;
      whyBtn.hidden = true;
      setWalking(walking);
      // Before the last reveal, a way out that does not show more.
      backBtn.hidden = st === 3;
      backBtn.disabled = false;
      backBtn.textContent = "\u2190 Back to the hint";
      nextBtn.hidden = true;
    });
  }

  function backToHints() {
    whyCell = null;
    if (stage > 0) askHint(step, stage); else askBoard();
  }

  hintBtn.addEventListener("click", function () {
    if (mode === "why") {
      if (whyStage < 3) askWhy(whyCell, whyStage + 1); else backToHints();
    } else if (mode === "solution") {
      backToHints();
    } else if (mode === "board") {
      askHint(0, 1);
    } else if (stage === 3 && rec0 && rec0.hint && rec0.hint.technique === "mistake") {
      file.click();
    } else if (stage === 3) {
      askHint(step + 1, 1);
    } else {
      askHint(step, stage + 1);
    }
  });

  whyBtn.addEventListener("click", function () {
    if (selected) askWhy(selected, 1);
  });

  // Walk through: the path from the player's board, one step per screen.
  function setWalking(on) {
    walking = on;
    backBtn.textContent = "\u2190 Back";
    walkBtn.classList.toggle("on", on);
    walkBtn.textContent = on ? "Stop walking" : "Walk through";
    backBtn.hidden = !on;
    nextBtn.hidden = !on;
  }

  function updateWalk(h, mistake) {
    setWalking(walking);
    backBtn.disabled = step === 0;
    // The next step's picture draws this one's cells as done: it comes only after this answer.
    nextBtn.disabled = !h || mistake || (seen[step] || 0) < 3;
  }

  walkBtn.addEventListener("click", function () {
    if (walking) {
      setWalking(false);
      return;
    }
    setWalking(true);
    if (mode === "hint") askHint(step, stage); else askHint(0, 1);
  });
  backBtn.addEventListener("click", function () {
    if (mode === "why") backToHints();
    else if (step > 0) askHint(step - 1, seen[step - 1] || 1);
  });
  nextBtn.addEventListener("click", function () {
    if (!done) askHint(step + 1, seen[step + 1] || 1);
  });

  // The whole solution: apart from the hints, and asked for twice.
  solutionBtn.addEventListener("click", function () {
    confirmBox.hidden = false;
    $("confirm-no").focus();
  });
  $("confirm-no").addEventListener("click", function () { confirmBox.hidden = true; solutionBtn.focus(); });
  $("confirm-yes").addEventListener("click", function () { confirmBox.hidden = true; askSolution(); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !confirmBox.hidden) confirmBox.hidden = true;
  });

  function askSolution() {
    if (!upload) return;
    again = askSolution;
    setStatus("Solving\u2026", true);
    post("api/solve" + (letters ? "?letters=1" : ""), upload, function (rec, status) {
      if (rec && rec.ok) setStatus("Solved."); else { setStatus(""); showError(rec && rec.error, status, rec); }
      if (!rec || !rec.ok) return;
      mode = "solution";
      showResult();
      overlayTitle.textContent = "The solution";
      say("", "", "Press Back to the hint to go on step by step.");
      taps.hidden = true;
      whyBtn.hidden = true;
      backBtn.hidden = true;
      nextBtn.hidden = true;
      if (rec.overlay) {
        setPicture(rec.overlay, "queens-solved.png", null);
        // The solved picture is the whole screenshot already.
        fullLink.hidden = true;
      } else {
        overlay.hidden = true;
        fullLink.hidden = true;
        setDownload(null);
      }
      if (rec.regions && rec.queens) drawBoard(rec, !rec.overlay, rec0 && rec0.marks);
      share = rec.share || null;
      copy.hidden = !share;
      copy.disabled = !share;
      var bits = [];
      if (rec.n) bits.push(rec.n + "\u00d7" + rec.n);
      bits.push("unique solution");
      if (rec.ms && typeof rec.ms.total === "number") bits.push("solved in " + Math.round(rec.ms.total) + " ms");
      summary.textContent = bits.join(" \u00b7 ");
      hintBtn.textContent = "Back to the hint";
      hintBtn.disabled = false;
      solutionBtn.disabled = true;
    });
  }

  // The solved board as cells: shown only for a text puzzle (no picture to draw on),
  // with the player's own `marks` kept: their X marks, and which stars were theirs.
  function drawBoard(rec, visible, marks) {
    var rows = rec.regions, n = rows.length, colors = rec.colors || {}, queens = {}, mine = {}, crossed = {};
    var stars = starry(rec), word = stars ? "star" : "queen";
    (rec.queens || []).forEach(function (q) { queens[q[0] + "," + q[1]] = true; });
    marks = marks || rec.marks || {};
    (marks.queens || []).forEach(function (q) { mine[q[0] + "," + q[1]] = true; });
    (marks.crosses || []).forEach(function (q) { crossed[q[0] + "," + q[1]] = true; });
    board.textContent = "";
    board.style.gridTemplateColumns = "repeat(" + n + ", 1fr)";
    board.style.gridTemplateRows = "repeat(" + n + ", 1fr)";
    for (var r = 0; r < n; r++) {
      var row = Array.from(rows[r]);
      var below = r + 1 < n ? Array.from(rows[r + 1]) : null;
      for (var c = 0; c < n; c++) {
        var cell = document.createElement("div");
        var letter = row[c];
        cell.className = "cell";
        cell.setAttribute("role", "gridcell");
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.dataset.region = letter;
        cell.style.background = colors[letter] || "#dddddd";
        if (c + 1 < n && row[c + 1] !== letter) cell.classList.add("edge-r");
        if (below && below[c] !== letter) cell.classList.add("edge-b");
        if (c + 1 === n) cell.style.borderRightWidth = "0";
        if (r + 1 === n) cell.style.borderBottomWidth = "0";
        var what = "region " + letter + ", row " + (r + 1) + ", column " + (c + 1);
        var at = r + "," + c;
        if (queens[at]) {
          cell.classList.add("queen");
          if (stars) cell.classList.add("star");
          what = (mine[at] ? "your " : "") + word + ", " + what;
        } else if (crossed[at]) {
          cell.classList.add("cross");
          what = "your X, " + what;
        }
        cell.setAttribute("aria-label", what);
        if (letters) {
          var tag = document.createElement("span");
          tag.className = "letter";
          tag.setAttribute("aria-hidden", "true");
          tag.textContent = letter;
          cell.appendChild(tag);
        }
        board.appendChild(cell);
      }
    }
    board.hidden = !visible;
  }

  lettersBox.addEventListener("change", function () {
    letters = lettersBox.checked;
    try { localStorage.setItem("queens.letters", letters ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
    if (again) again();
  });

  // The player's own full screenshot, one tap away from the board; it shows nothing new.
  fullLink.addEventListener("click", function (e) {
    e.preventDefault();
    if (!fullSrc) return;
    showingFull = !showingFull;
    overlay.src = showingFull ? fullSrc : shownSrc;
    taps.hidden = showingFull || mode === "solution";
    setDownload(showingFull ? fullSrc : shownSrc, showingFull ? "queens-screenshot.png" : shownName);
    fullLink.textContent = showingFull ? "Back to the board" : "Full screenshot";
  });

  function send(blob, name) {
    if (busy) return;
    clearAll();
    upload = blob;
    if (blob.type && blob.type.indexOf("image/") === 0) fullSrc = URL.createObjectURL(blob);
    setStatus("Reading " + (name || "your screenshot") + "\u2026", true);
    askBoard();
  }

  file.addEventListener("change", function () {
    if (file.files && file.files[0]) send(file.files[0], file.files[0].name);
    file.value = "";
  });
  drop.addEventListener("click", function (e) {
    if (e.target === file || (e.target.closest && e.target.closest("label"))) return;
    file.click();
  });
  drop.addEventListener("keydown", function (e) {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); file.click(); }
  });
  ["dragenter", "dragover"].forEach(function (t) {
    drop.addEventListener(t, function (e) { e.preventDefault(); drop.classList.add("over"); });
  });
  ["dragleave", "dragend"].forEach(function (t) {
    drop.addEventListener(t, function () { drop.classList.remove("over"); });
  });
  drop.addEventListener("drop", function (e) {
    e.preventDefault();
    drop.classList.remove("over");
    var dt = e.dataTransfer;
    if (dt && dt.files && dt.files[0]) {
      send(dt.files[0], dt.files[0].name);
    } else if (dt && dt.getData("text/plain")) {
      send(new Blob([dt.getData("text/plain")], { type: "text/plain" }), "the dropped text");
    }
  });
  // Dropping outside the zone must not navigate away from the page.
  window.addEventListener("dragover", function (e) { e.preventDefault(); });
  window.addEventListener("drop", function (e) { e.preventDefault(); });

  document.addEventListener("paste", function (e) {
    var cd = e.clipboardData;
    if (!cd) return;
    var items = cd.items || [];
    for (var i = 0; i < items.length; i++) {
      if (items[i].kind === "file") {
        var f = items[i].getAsFile();
        if (f) { e.preventDefault(); send(f, "the pasted image"); return; }
      }
    }
    var text = cd.getData("text/plain");
    if (text && text.trim()) {
      e.preventDefault();
      send(new Blob([text], { type: "text/plain" }), "the pasted text");
    }
  });

  copy.addEventListener("click", function () {
    if (!share) return;
    var ok = function () {
      copy.textContent = "Copied!";
      setTimeout(function () { copy.textContent = "Copy emoji board"; }, 1800);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(share).then(ok, function () { if (legacyCopy(share)) ok(); });
    } else if (legacyCopy(share)) {
      ok();
    }
  });

  function legacyCopy(text) {
    var ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(ta);
    return ok;
  }
})();
