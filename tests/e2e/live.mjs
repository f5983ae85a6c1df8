// Helpers for the live board's browser checks: what the page sent and received,
// the stage rule on every answer body, the board as drawn, and playing it.

export const TIMEOUT = 60_000;

/// Asks the API directly (the test's own requests, not the page's).
export async function api(base, path, body) {
  const res = await fetch(`${base}/api/${path}`, { method: "POST", body });
  return res.json();
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
function startsWith(buf, magic) {
  return !!buf && buf.length >= magic.length && magic.every((b, i) => buf[i] === b);
}

/// Records every API request the page sends (its body, and whether it is a
/// picture) and every answer it receives, parsed: the requests go through the
/// test (`page.route`), which reads each answer before the page gets it.
export async function record(page) {
  const log = { sent: [], got: [] };
  await page.route("**/api/**", async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const body = req.postDataBuffer();
    const type = (await req.allHeaders())["content-type"] || "";
    const picture = type.startsWith("image/") || startsWith(body, PNG) || startsWith(body, JPEG);
    log.sent.push({ path: url.pathname, query: url.searchParams, picture, text: body && !picture ? body.toString("utf8") : null });
    const response = await route.fetch();
    const bytes = await response.body();
    let rec = null;
    try { rec = JSON.parse(bytes.toString("utf8")); } catch { rec = null; }
    log.got.push({ path: url.pathname, query: url.searchParams, rec });
    await route.fulfill({ response, body: bytes });
  });
  return log;
}

/// What an answer body holds that its stage must not: a later stage's words,
/// a technique before the reason, a mistake count before the answer, more than
/// the one mark being fixed. Returns the problems found (none: []).
export function laterThanAsked({ path, query, rec }) {
  const bad = [];
  if (!rec || rec.ok === false) return bad;
  const reveal = query.get("reveal") || "nudge";
  const order = ["board", "nudge", "reason", "answer"];
  const at = order.indexOf(reveal);
  if (path === "/api/hint") {
    const h = rec.hint;
    if (at === 0) {
      if (h !== null) bad.push("the board stage carries a hint");
      if (rec.fixing !== null && rec.fixing !== undefined) bad.push("the board stage says whether a mark is wrong");
      if (rec.implied !== null && rec.implied !== undefined) bad.push("the board stage lists implied cells");
    }
    if (at < 3 && rec.mistake_count !== null && rec.mistake_count !== undefined) bad.push(`mistake_count at ${reveal}`);
    if (at < 3 && (rec.mistakes || []).length) bad.push(`mistakes named at ${reveal}`);
    if (at < 3 && (rec.clashes || []).length) bad.push(`clashes named at ${reveal}`);
    if (at === 3 && (rec.mistakes || []).length > 1) bad.push("more than the mark being fixed at the answer");
    if (h && at < 2 && (h.technique !== null || h.level !== null)) bad.push(`technique named at ${reveal}`);
    if (h && at < 2 && h.reason !== null) bad.push(`reason at ${reveal}`);
    if (h && at < 3 && (h.text !== null || (h.decided || []).length)) bad.push(`answer at ${reveal}`);
  } else if (path === "/api/why") {
    if (at < 2 && rec.reason !== null) bad.push(`why reason at ${reveal}`);
    if (at < 3 && (rec.text !== null || rec.state !== null || (rec.steps || []).length)) bad.push(`why answer at ${reveal}`);
  }
  return bad;
}

/// The board as drawn: each cell's mark ("q", "x" or ""), row-major, and n.
export async function boardState(page) {
  return page.$$eval("[data-cell]", (els) => ({
    n: Math.round(Math.sqrt(els.length)),
    marks: els.map((e) => (e.classList.contains("q") ? "q" : e.classList.contains("x") ? "x" : "")),
    labelled: els.every((e) => /^row \d+, column \d+, region .+: (crown|star|X|X \(auto\)|dot|dot \(auto\)|blank)$/.test(e.getAttribute("aria-label") || "")),
  }));
}

/// Taps one cell of the board (`r`, `c` from 0).
export async function tap(page, r, c) {
  await page.click(`[data-cell="r${r + 1}c${c + 1}"]`);
}

/// Plays the board to `solution` (a set of "r,c" keys) by taps alone: wrong
/// crowns off, the solution's cells crowned. Returns the taps made.
export async function playTo(page, solution) {
  let taps = 0;
  for (let guard = 0; guard < 4; guard++) {
    const { n } = await boardState(page);
    let done = true;
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, want = solution.has(`${r},${c}`);
      const now = (await boardState(page)).marks[i];
      if (want && now !== "q") {
        done = false;
        await tap(page, r, c);
        taps++;
        if ((await boardState(page)).marks[i] !== "q") { await tap(page, r, c); taps++; }
      } else if (!want && now === "q") {
        done = false;
        await tap(page, r, c);
        taps++;
      }
    }
    if (done) break;
  }
  return taps;
}

/// Waits until the words beside the board hold `text`.
export async function said(page, text) {
  await page.waitForFunction((t) => (document.getElementById("words").textContent || "").includes(t), text, { timeout: TIMEOUT });
}

/// The box of an element, and the viewport.
export async function layout(page, selector) {
  return page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, vw: innerWidth, vh: innerHeight };
  }, selector);
}

/// Pastes `text` into the page, as a player's Ctrl+V does.
export async function pasteText(page, text) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", t);
    document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}
