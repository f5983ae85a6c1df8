// The page's stages on a played board: at each stage the page holds nothing of a
// later one (no answer cell named in its text, no later reveal fetched), the
// picture shown is the API's picture of that stage, and the download is the
// picture on screen. Also Why? on a cell, Walk through, and Show solution's dialog.
//
// Each check compares the page with what the test itself asks the API for.

import { readFileSync } from "node:fs";
import { join } from "node:path";

export const TIMEOUT = 60_000;

/// Asks the API directly: `path` is `hint?…` or `why?…`.
export async function api(base, bytes, path) {
  const res = await fetch(`${base}/api/${path}`, { method: "POST", body: bytes });
  return res.json();
}

/// The cells an answer decides or fixes, named as the sentences name them.
export function answerCells(rec) {
  const cells = [...(rec.mistakes || [])];
  for (const d of (rec.hint && rec.hint.decided) || []) cells.push(d.cell);
  return cells.map(([r, c]) => `row ${r + 1}, column ${c + 1}`);
}

/// Records every API answer the page receives, parsed, with its query.
export function recordAnswers(page) {
  const got = [];
  page.on("response", async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith("/api/")) return;
    try {
      got.push({ path: url.pathname, query: url.searchParams, rec: await res.json() });
    } catch {
      got.push({ path: url.pathname, query: url.searchParams, rec: null });
    }
  });
  return got;
}

/// What the page shows now: its visible text, the picture, the download, the hint text, the buttons.
export async function shown(page) {
  return page.evaluate(() => ({
    text: document.body.innerText,
    src: document.getElementById("overlay").getAttribute("src"),
    download: document.getElementById("download").getAttribute("href"),
    said: document.getElementById("hint-text").textContent,
    button: document.getElementById("hint").textContent,
    hintEnabled: !document.getElementById("hint").disabled,
    queens: document.querySelectorAll("#board .cell.queen").length,
  }));
}

/// Checks that the page shows stage `reveal` of `want` (the API's record for it)
/// and nothing later: `forbidden` cell names absent from its text before the answer,
/// every API answer received so far at most this reveal, the picture and the download those of `want`.
export async function expectStage(page, got, { reveal, want, said, forbidden, label }) {
  const order = ["board", "nudge", "reason", "answer"];
  await page
    .waitForFunction(
      ([t, s]) => document.getElementById("hint-text").textContent === t && document.getElementById("overlay").getAttribute("src") === s,
      [said, want.overlay],
      { timeout: TIMEOUT },
    )
    .catch(async () => {
      const now = await shown(page);
      throw new Error(`${label}: expected ${JSON.stringify(said)} and the API's ${reveal} picture; the page says ${JSON.stringify(now.said)}, same picture: ${now.src === want.overlay}`);
    });
  const now = await shown(page);
  if (reveal !== "answer") {
    for (const name of forbidden) {
      if (now.text.includes(name)) throw new Error(`${label}: the page names ${name} before the answer`);
    }
  }
  if (now.download !== now.src) throw new Error(`${label}: the download is not the picture on screen`);
  if (now.queens !== 0) throw new Error(`${label}: ${now.queens} solution crowns in the page`);
  for (const a of got) {
    const r = a.query.get("reveal") || "nudge";
    if (a.path === "/api/solve") throw new Error(`${label}: the page asked for the solution`);
    if (order.indexOf(r) > order.indexOf(reveal)) throw new Error(`${label}: the page asked for ${r}`);
    const h = a.rec && a.rec.hint;
    if (r !== "answer" && h && (h.text || (h.decided || []).length)) throw new Error(`${label}: a ${r} answer carries the answer`);
  }
}

/// Uploads `file` and walks its hint through the board, nudge, reason and answer,
/// checking each stage; saves screenshots as `DIR/<tag>-<stage>.png`.
export async function stagesOf(page, base, file, { tag, shots, check }) {
  const bytes = readFileSync(file);
  const name = file.split("/").pop();
  const [board, nudge, reason, answer] = await Promise.all(
    ["reveal=board", "reveal=nudge", "reveal=reason", "reveal=answer"].map((q) => api(base, bytes, `hint?step=0&${q}`)),
  );
  if (!answer.ok || !answer.hint) throw new Error(`${name}: the API gives no hint: ${JSON.stringify(answer.error)}`);
  const forbidden = answerCells(answer);
  const got = recordAnswers(page);
  await page.reload({ waitUntil: "load" });
  await page.evaluate(() => localStorage.removeItem("queens.letters"));
  got.length = 0;
  await page.setInputFiles("#file", file);
  const stages = [
    ["board", board, ""],
    ["nudge", nudge, answer.hint.nudge],
    ["reason", reason, answer.hint.reason],
    ["answer", answer, answer.hint.text],
  ];
  for (const [k, [reveal, want, said]] of stages.entries()) {
    await check(`${tag} ${name}: at the ${reveal} the page holds no later stage, and the download is the picture on screen`, async () => {
      if (k > 0) await page.click("#hint");
      await expectStage(page, got, { reveal, want, said, forbidden, label: `${name} ${reveal}` });
      const now = await shown(page);
      if (reveal !== "answer" && !now.hintEnabled) throw new Error(`Hint is disabled at the ${reveal}`);
      if (shots) await page.screenshot({ path: join(shots, `${tag}-${name.replace(/\.png$/, "")}-${k}-${reveal}.png`), fullPage: true });
      if (reveal === "nudge") {
        // No navigation shows more: the full screenshot and back, the letters twice.
        if (await page.isVisible("#full")) {
          await page.click("#full");
          await page.waitForFunction(() => document.getElementById("overlay").src.startsWith("blob:"));
          await page.click("#full");
        }
        // A board named by letter always has its letters drawn: the box shows them
        // checked and cannot be unchecked; elsewhere it is toggled twice.
        if (want.letters) {
          const box = await page.evaluate(() => { const b = document.getElementById("letters"); return [b.checked, b.disabled, b.parentNode.title]; });
          if (!box[0] || !box[1] || !box[2]) throw new Error(`${name}: the letters box on a board always lettered is ${JSON.stringify(box)}`);
        } else {
          const lettered = await api(base, bytes, "hint?step=0&reveal=nudge&letters=1");
          await page.check("#letters");
          if (lettered.overlay !== want.overlay) {
            await page.waitForFunction((s) => document.getElementById("overlay").getAttribute("src") !== s, want.overlay, { timeout: TIMEOUT });
          }
          await page.uncheck("#letters");
        }
        await expectStage(page, got, { reveal, want, said, forbidden, label: `${name} nudge, after the full screenshot and the letters` });
      }
    });
  }
  return { bytes, answer, got };
}

/// Show solution asks first: "Not yet" shows nothing and asks the server for nothing.
export async function solutionAsksFirst(page, got) {
  const before = got.length;
  await page.click("#solution");
  await page.waitForSelector("#confirm", { state: "visible", timeout: TIMEOUT });
  const asked = await page.textContent("#confirm");
  if (!asked.includes("Show all the queens?")) throw new Error(`the dialog says ${asked}`);
  await page.click("#confirm-no");
  await page.waitForSelector("#confirm", { state: "hidden", timeout: TIMEOUT });
  await page.waitForTimeout(200);
  if (got.slice(before).some((a) => a.path === "/api/solve")) throw new Error("Not yet still asked for the solution");
  if ((await page.$$("#board .cell.queen")).length) throw new Error("Not yet still shows crowns");
}

/// Why? on cell (r, c): the button's words follow the player's mark, and the three
/// reveals are the API's, one at a time.
export async function whyOnCell(page, base, bytes, [r, c], words) {
  const cell = `r${r + 1}c${c + 1}`;
  const [nudge, reason, answer] = await Promise.all(
    ["nudge", "reason", "answer"].map((q) => api(base, bytes, `why?cell=${cell}&reveal=${q}`)),
  );
  if (!answer.ok) throw new Error(`the API's why on ${cell}: ${JSON.stringify(answer.error)}`);
  await page.click(`#taps .tap[data-row="${r}"][data-col="${c}"]`);
  await page.waitForSelector("#why:visible", { timeout: TIMEOUT });
  const label = await page.textContent("#why");
  if (label !== words) throw new Error(`the Why button on ${cell} reads ${JSON.stringify(label)}, expected ${JSON.stringify(words)}`);
  await page.click("#why");
  for (const [k, [want, said]] of [[nudge, answer.nudge], [reason, answer.reason], [answer, answer.text]].entries()) {
    if (k > 0) await page.click("#hint");
    await page.waitForFunction(
      ([t, s]) => document.getElementById("hint-text").textContent === t && document.getElementById("overlay").getAttribute("src") === s,
      [said, want.overlay],
      { timeout: TIMEOUT },
    );
    const text = await page.evaluate(() => document.body.innerText);
    if (k < 2 && answer.state && text.includes(answer.text)) throw new Error(`why ${cell}: the answer shows at reveal ${k + 1}`);
    // A way back to the hint before the answer, without revealing more; at the answer, the main button is it.
    const back = await page.evaluate(() => { const b = document.getElementById("back"); return b.hidden ? null : b.textContent; });
    if (k < 2 && back !== "\u2190 Back to the hint") throw new Error(`why ${cell}: at reveal ${k + 1} the back button is ${JSON.stringify(back)}`);
    if (k === 2 && back !== null) throw new Error(`why ${cell}: at the answer a back button ${JSON.stringify(back)} is shown beside Back to the hint`);
  }
}

/** Asks "Why?" about cell `[r, c]`, then leaves at the nudge with Back to the hint:
 * the page is back where it was (the why's words gone, the back button hidden). */
export async function whyAndBack(page, [r, c]) {
  await page.click(`#taps .tap[data-row="${r}"][data-col="${c}"]`);
  await page.waitForSelector("#why:visible", { timeout: TIMEOUT });
  await page.click("#why");
  await page.waitForSelector("#back:visible", { timeout: TIMEOUT });
  const asked = await page.textContent("#hint-text");
  await page.click("#back");
  await page.waitForFunction((t) => document.getElementById("back").hidden && document.getElementById("hint-text").textContent !== t, asked, { timeout: TIMEOUT });
}
