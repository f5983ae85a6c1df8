// End-to-end test of the `queens serve` page in the system's headless Chromium.
//
// Usage: node tests/e2e/e2e.mjs BASE_URL SCREENSHOT [EXPECTED_COLUMNS [PLAYED PLAYED_COLUMNS [CORPUS_PLAYED CORPUS_MISTAKE]]]
//   BASE_URL          a running `queens serve`, e.g. http://127.0.0.1:8080
//   SCREENSHOT        a puzzle screenshot (PNG) the page must solve
//   EXPECTED_COLUMNS  the solution's queen column in each row, comma-separated
//                     (default: the level-62 screenshot's 4,2,5,3,0,6,1)
//   PLAYED            a half-played screenshot (crowns and X marks on it): the Hint
//                     and Show solution buttons are checked on it
//   PLAYED_COLUMNS    its solution's queen column in each row
//   CORPUS_PLAYED     a real half-played phone screenshot: its hint must fit the
//                     phone's first screen too, and no stage may hold a later one
//   CORPUS_MISTAKE    a real screenshot with a mistake: the same stage checks
// Environment: CHROMIUM (default /usr/bin/chromium); E2E_SHOTS=DIR also saves
// DIR/serve-page.png (desktop) and DIR/serve-phone.png (390×844) of a solved board,
// DIR/hint-phone.png of the first hint on PLAYED, and one picture per stage of each
// played board at both sizes (DIR/desktop-*.png, DIR/phone-*.png).
//
// Prints one line per check, then `e2e: N passed, M failed`; exits 1 on any failure.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { chromium } from "playwright-core";
import { api, solutionAsksFirst, stagesOf, whyAndBack, whyOnCell } from "./stages.mjs";

const [base, shot, expectedArg, played, playedArg, corpusPlayed, corpusMistake] = process.argv.slice(2);
const phonePlayed = corpusPlayed;
if (!base || !shot) {
  console.error("usage: node e2e.mjs BASE_URL SCREENSHOT [EXPECTED_COLUMNS]");
  process.exit(2);
}
const expected = (expectedArg || "4,2,5,3,0,6,1").split(",").map(Number);
const shotBytes = readFileSync(shot);
const shotSize = { width: shotBytes.readUInt32BE(16), height: shotBytes.readUInt32BE(20) };
const shotsDir = process.env.E2E_SHOTS || "";
const TIMEOUT = 60_000;

// The 9×9 text puzzle of the README issue and its solution (for the paste check).
const TEXT_PUZZLE =
  "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
const TEXT_SOLUTION = [0, 5, 8, 2, 7, 4, 1, 3, 6];

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push(true);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push(false);
    console.log(`FAIL ${name}\n     ${String((e && e.stack) || e).split("\n").slice(0, 6).join("\n     ")}`);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// A solid-color PNG (no puzzle in it), built by hand: signature, IHDR, IDAT, IEND.
function plainPng(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + 3 * width);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + 3 * x);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// Waits for a solved board of `n` queens and returns the queen columns by row.
async function solvedColumns(page, n, { overlay = true } = {}) {
  if (overlay) {
    await page.waitForSelector('#overlay[src^="data:image/png;base64,"]', { state: "attached", timeout: TIMEOUT });
  }
  await page.waitForFunction((k) => document.querySelectorAll("#board .cell.queen").length === k, n, {
    timeout: TIMEOUT,
  });
  const cells = await page.$$eval("#board .cell.queen", (els) =>
    els.map((e) => [Number(e.dataset.row), Number(e.dataset.col)]),
  );
  cells.sort((a, b) => a[0] - b[0]);
  assert(same(cells.map((c) => c[0]), [...Array(n).keys()]), `one queen per row expected, got ${JSON.stringify(cells)}`);
  return cells.map((c) => c[1]);
}

// After an upload the page shows the player's board; the solution needs a press,
// and a second one in the page's own dialog.
/** Reloads the page and pastes `text` into it, as a player's Ctrl+V does. */
async function paste(page, text) {
  await page.reload({ waitUntil: "load" });
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", t);
    document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

async function showSolution(page) {
  await page.waitForSelector("#solution:enabled", { timeout: TIMEOUT });
  await page.click("#solution");
  await page.waitForSelector("#confirm", { state: "visible", timeout: TIMEOUT });
  await page.click("#confirm-yes");
}

async function errorText(page) {
  await page.waitForSelector("#error", { state: "visible", timeout: TIMEOUT });
  return (await page.textContent("#error")) || "";
}

// The rendered half-played board: its stages, Why? on a cell, Walk through, Show
// solution after a question, and the letters toggle.
async function playerChecks(page, played, playedCols) {
  const bytes = readFileSync(played);
  const { got } = await stagesOf(page, base, played, { tag: "desktop", shots: shotsDir, check });
  const first = (await api(base, bytes, "hint?step=0&reveal=nudge")).hint;
  const second = (await api(base, bytes, "hint?step=1&reveal=nudge")).hint;
  const secondReason = (await api(base, bytes, "hint?step=1&reveal=reason")).hint;
  const lettered = (await api(base, bytes, "hint?step=0&reveal=answer&letters=1")).hint;

  await check("Show solution asks first, and Not yet shows nothing", async () => {
    await solutionAsksFirst(page, got);
  });

  await check("Why? on a blank cell, an X and a crown: the words follow the player's mark, three reveals", async () => {
    const rec = await api(base, bytes, "hint?reveal=board");
    const [qr, qc] = rec.marks.queens[0];
    const [xr, xc] = rec.marks.crosses[0];
    let blank = null;
    for (let r = 0; r < rec.n && !blank; r++) {
      for (let c = 0; c < rec.n && !blank; c++) {
        const on = (l) => l.some(([a, b]) => a === r && b === c);
        if (!on(rec.marks.queens) && !on(rec.marks.crosses) && !on(rec.implied)) blank = [r, c];
      }
    }
    await whyOnCell(page, base, bytes, blank, "What goes here?");
    if (shotsDir) await page.screenshot({ path: join(shotsDir, "desktop-why-answer.png"), fullPage: true });
    await whyOnCell(page, base, bytes, [xr, xc], "Why not here?");
    await whyOnCell(page, base, bytes, [qr, qc], "Why a crown here?");
  });

  await check("Walk through: Next after a step's answer, Back to a step as far as it was seen", async () => {
    await page.reload({ waitUntil: "load" });
    await page.setInputFiles("#file", played);
    await page.waitForSelector("#walk:enabled", { timeout: TIMEOUT });
    await page.click("#walk");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, first.nudge, { timeout: TIMEOUT });
    await page.waitForSelector("#next:visible", { timeout: TIMEOUT });
    // The next step's picture draws this step's cells: Next waits for this answer.
    assert(await page.isDisabled("#next"), "Next is offered before the step's answer");
    const firstAnswer = (await api(base, bytes, "hint?step=0&reveal=answer")).hint;
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("hint").textContent === "Show the answer", null, { timeout: TIMEOUT });
    await page.click("#hint");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, firstAnswer.text, { timeout: TIMEOUT });
    await page.click("#next");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, second.nudge, { timeout: TIMEOUT });
    const title = await page.textContent("#overlay-title");
    assert(title.includes("Step 2"), `the walk's title: ${title}`);
    await page.click("#hint");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, secondReason.reason, { timeout: TIMEOUT });
    await page.click("#back");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, firstAnswer.text, { timeout: TIMEOUT });
    if (shotsDir) await page.screenshot({ path: join(shotsDir, "desktop-walk.png"), fullPage: true });
    await page.click("#next");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, secondReason.reason, { timeout: TIMEOUT });
    await page.click("#walk");
  });

  await check("Show solution on the half-played screenshot shows every queen, then Back to the hint", async () => {
    await showSolution(page);
    const cols = await solvedColumns(page, playedCols.length);
    assert(same(cols, playedCols), `queen columns ${JSON.stringify(cols)}`);
    const href = await page.getAttribute("#download", "href");
    assert(href === (await page.getAttribute("#overlay", "src")), "the download is not the solution on screen");
    if (shotsDir) await page.screenshot({ path: join(shotsDir, "desktop-solution.png"), fullPage: true });
    await page.click("#hint");
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, secondReason.reason, { timeout: TIMEOUT });
  });

  await check("the letters toggle draws region letters, names regions by letter too, and is remembered", async () => {
    assert(lettered && /region \([A-Z]\)/.test(lettered.text), `regions named by colour and letter: ${lettered && lettered.text}`);
    const before = await page.getAttribute("#overlay", "src");
    await page.check("#letters");
    await page.waitForFunction((b) => document.getElementById("overlay").getAttribute("src") !== b, before, { timeout: TIMEOUT });
    await page.reload({ waitUntil: "load" });
    assert(await page.isChecked("#letters"), "the letters choice is forgotten after a reload");
    await page.setInputFiles("#file", played);
    await page.waitForSelector("#hint:enabled", { timeout: TIMEOUT });
    await page.click("#hint");
    const nudge = (await api(base, bytes, "hint?step=0&reveal=nudge&letters=1")).hint.nudge;
    await page.waitForFunction((t) => document.getElementById("hint-text").textContent === t, nudge, { timeout: TIMEOUT });
    await page.uncheck("#letters");
  });
}

// A corpus screenshot (half-played, or with a mistake): every stage holds no later one.
async function corpusChecks(page, file, tag) {
  try {
    await stagesOf(page, base, file, { tag, shots: shotsDir, check });
  } catch (e) {
    await check(`${tag} ${file.split("/").pop()}: the API answers a hint`, async () => { throw e; });
  }
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const pageErrors = [];
    page.on("pageerror", (e) => pageErrors.push(String(e)));

    await check("page loads with a drop zone and a file input", async () => {
      const res = await page.goto(base + "/", { waitUntil: "load" });
      assert(res && res.status() === 200, `GET / answered ${res && res.status()}`);
      assert(await page.isVisible("#drop"), "#drop is not visible");
      assert((await page.getAttribute("#file", "type")) === "file", "#file is not a file input");
      assert(await page.isHidden("#error"), "#error shows before any upload");
    });

    await check("choosing a screenshot shows the overlay and the solved board", async () => {
      await page.setInputFiles("#file", shot);
      await showSolution(page);
      const cols = await solvedColumns(page, expected.length);
      assert(same(cols, expected), `queen columns ${JSON.stringify(cols)}, expected ${JSON.stringify(expected)}`);
      assert(
        (await page.$$eval("#board .cell", (els) => els.length)) === expected.length ** 2,
        "the board does not have n×n cells",
      );
      const natural = await page.$eval("#overlay", (img) =>
        img.decode().then(() => ({ width: img.naturalWidth, height: img.naturalHeight })),
      );
      assert(same(natural, shotSize), `overlay is ${JSON.stringify(natural)}, screenshot ${JSON.stringify(shotSize)}`);
      assert(await page.isHidden("#error"), "#error is visible after a solve");
      const href = await page.getAttribute("#download", "href");
      assert(href && href.startsWith("data:image/png;base64,"), "#download does not link the overlay");
      assert(await page.isEnabled("#copy"), "#copy is disabled after a solve");
    });

    await check("the copy button puts the emoji board on the clipboard", async () => {
      await desktop.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
      await page.click("#copy");
      await page.waitForFunction(() => document.getElementById("copy").textContent.includes("Copied"));
      const text = await page.evaluate(() => navigator.clipboard.readText());
      assert(text.split("\n").filter(Boolean).length === expected.length, `clipboard: ${text}`);
      assert((text.match(/👑/gu) || []).length === expected.length, `clipboard: ${text}`);
    });

    if (shotsDir) {
      await check("desktop screenshot saved", async () => {
        await page.screenshot({ path: join(shotsDir, "serve-page.png"), fullPage: true });
      });
    }

    await check("a picture without a puzzle shows a plain-words error", async () => {
      await page.setInputFiles("#file", {
        name: "plain.png",
        mimeType: "image/png",
        buffer: plainPng(400, 300, [230, 200, 150]),
      });
      const text = await errorText(page);
      assert(text.includes("Couldn't find a puzzle grid in this image."), `#error says: ${text}`);
      assert((await page.$$("#board .cell")).length === 0, "an old board is still shown");
    });

    await check("a file that is not an image shows a plain-words error", async () => {
      await page.setInputFiles("#file", {
        name: "junk.png",
        mimeType: "image/png",
        buffer: Buffer.from([0, 159, 146, 150, 255, 254, 1, 2, 3, 200]),
      });
      const text = await errorText(page);
      assert(text.includes("isn't an image"), `#error says: ${text}`);
    });

    await check("dropping a screenshot on the drop zone solves it", async () => {
      await page.reload({ waitUntil: "load" });
      const b64 = shotBytes.toString("base64");
      const dataTransfer = await page.evaluateHandle((data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
        return dt;
      }, b64);
      await page.dispatchEvent("#drop", "drop", { dataTransfer });
      await showSolution(page);
      const cols = await solvedColumns(page, expected.length);
      assert(same(cols, expected), `queen columns ${JSON.stringify(cols)}`);
    });

    await check("pasting a text puzzle solves it (board only, no overlay)", async () => {
      await paste(page, TEXT_PUZZLE);
      await showSolution(page);
      const cols = await solvedColumns(page, TEXT_SOLUTION.length, { overlay: false });
      assert(same(cols, TEXT_SOLUTION), `queen columns ${JSON.stringify(cols)}`);
      assert(await page.isHidden("#overlay"), "#overlay is shown for a text puzzle");
    });

    await check("a pasted Star Battle text puzzle names and draws stars: Why a star here? (and back before its answer), Show all the stars?, ★ kept beside the player's X marks", async () => {
      const starText = readFileSync(join(dirname(new URL(import.meta.url).pathname), "../../samples/starbattle-played.txt"), "utf8");
      await paste(page, starText);
      await page.waitForSelector("#hint:enabled", { timeout: TIMEOUT });
      const spoil = await page.textContent("#spoil-what");
      assert(spoil.startsWith("Every star"), `the answer box says ${spoil}`);
      // Row 1, column 6 holds the player's star.
      await whyOnCell(page, base, Buffer.from(starText), [0, 5], "Why a star here?");
      await whyAndBack(page, [0, 5]);
      await page.click("#solution");
      await page.waitForSelector("#confirm", { state: "visible", timeout: TIMEOUT });
      const asked = await page.textContent("#confirm-title");
      assert(asked === "Show all the stars?", `the dialog says ${asked}`);
      await page.click("#confirm-yes");
      await page.waitForFunction(() => document.querySelectorAll("#board .cell.queen").length === 20, null, { timeout: TIMEOUT });
      const drawn = await page.$$eval("#board .cell.queen", (els) => els.map((e) => [e.classList.contains("star"), getComputedStyle(e, "::after").content]));
      assert(drawn.every(([star, content]) => star && content === '"\u2605"'), `the solution's cells: ${JSON.stringify(drawn.slice(0, 3))}`);
      const crosses = await page.$$eval("#board .cell.cross", (els) => els.length);
      assert(crosses > 0, "the player's X marks are gone from the solution");
      const mine = await page.$$eval("#board .cell.queen", (els) => els.filter((e) => e.getAttribute("aria-label").startsWith("your star")).length);
      assert(mine === 4, `${mine} of the player's 4 stars are named theirs`);
      const share = await page.evaluate(() => document.getElementById("copy").hidden);
      assert(!share, "no Copy emoji board");
      if (shotsDir) await page.screenshot({ path: join(shotsDir, "desktop-starbattle-text-solution.png"), fullPage: true });
    });

    if (played) await playerChecks(page, played, playedArg.split(",").map(Number));
    const starPlayed = corpusPlayed && join(dirname(corpusPlayed), "../starbattle-played/001_played_10x10_2star_penpa_phone390.png");
    if (starPlayed && existsSync(starPlayed)) {
      // Its stars and X marks are read: every stage of its hint, as for a Queens board.
      await corpusChecks(page, starPlayed, "desktop");
    }
    if (corpusPlayed && corpusMistake) {
      await corpusChecks(page, corpusPlayed, "desktop");
      await corpusChecks(page, corpusMistake, "desktop");
    }

    await check("no script errors on the page", async () => {
      assert(pageErrors.length === 0, pageErrors.join("; "));
    });
    await desktop.close();

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(TIMEOUT);

    await check("at 390×844 the drop zone is visible and nothing overflows sideways", async () => {
      await mobile.goto(base + "/", { waitUntil: "load" });
      assert(await mobile.isVisible("#drop"), "#drop is not visible");
      const box = await mobile.locator("#drop").boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 390 && box.y < 844, `#drop box ${JSON.stringify(box)}`);
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 390, `the page is ${width}px wide`);
    });

    await check("at 390×844 a screenshot is solved and the board fits", async () => {
      await mobile.setInputFiles("#file", shot);
      await showSolution(mobile);
      const cols = await solvedColumns(mobile, expected.length);
      assert(same(cols, expected), `queen columns ${JSON.stringify(cols)}`);
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 390, `the page is ${width}px wide after solving`);
      // One board: the solved screenshot (the cell grid only for a text puzzle).
      assert(await mobile.isHidden("#board"), "a second board is shown beside the picture");
      const board = await mobile.locator("#overlay").boundingBox();
      assert(board && board.x >= 0 && board.x + board.width <= 390, `#overlay box ${JSON.stringify(board)}`);
      if (shotsDir) await mobile.screenshot({ path: join(shotsDir, "serve-phone.png"), fullPage: true });
    });

    for (const [k, file] of [played, phonePlayed].filter(Boolean).entries()) {
      await check(`at 390×844 one press of Hint on ${file.split("/").pop()} shows the hint board (≥ 300 px) and its sentence in the first screen`, async () => {
        await mobile.reload({ waitUntil: "load" });
        await mobile.setInputFiles("#file", file);
        await mobile.waitForSelector("#hint:enabled", { timeout: TIMEOUT });
        // The board's own picture is shown first: wait for the hint's to replace it
        // (decoding the first while the second arrives fails).
        const before = await mobile.getAttribute("#overlay", "src");
        await mobile.click("#hint");
        await mobile.waitForFunction(
          (b) => { const s = document.getElementById("overlay").getAttribute("src"); return !!s && s !== b && s.startsWith("data:image/png;base64,"); },
          before,
          { timeout: TIMEOUT },
        );
        await mobile.waitForSelector("#overlay", { state: "visible", timeout: TIMEOUT });
        await mobile.$eval("#overlay", (img) => img.decode());
        const scrolled = await mobile.evaluate(() => window.scrollY);
        const box = await mobile.locator("#overlay").boundingBox();
        // The sentence is the banner at the bottom of the picture: the whole picture must fit.
        assert(scrolled === 0, `the page scrolled by ${scrolled}px`);
        assert(box && box.width >= 300, `the hint board is ${box && box.width}px wide`);
        assert(box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844, `the hint picture ${JSON.stringify(box)} is not inside the first screen`);
        const next = await mobile.locator("#hint-next").boundingBox();
        assert(next && next.y + next.height <= 844, `how to get the next reveal is below the first screen: ${JSON.stringify(next)}`);
        if (shotsDir) await mobile.screenshot({ path: join(shotsDir, k ? "hint-phone-real.png" : "hint-phone.png") });
      });
    }
    if (played) {
      await check("at 390×844 Why? on a cell and Walk through work, and nothing overflows", async () => {
        const bytes = readFileSync(played);
        await mobile.reload({ waitUntil: "load" });
        await mobile.setInputFiles("#file", played);
        await mobile.waitForSelector("#hint:enabled", { timeout: TIMEOUT });
        await whyOnCell(mobile, base, bytes, [1, 5], "What goes here?");
        if (shotsDir) await mobile.screenshot({ path: join(shotsDir, "phone-why-answer.png"), fullPage: true });
        await mobile.click("#walk");
        const second = (await api(base, bytes, "hint?step=1&reveal=nudge")).hint;
        await mobile.waitForSelector("#next:visible", { timeout: TIMEOUT });
        await mobile.click("#hint");
        await mobile.waitForFunction(() => document.getElementById("hint").textContent === "Show the answer", null, { timeout: TIMEOUT });
        await mobile.click("#hint");
        await mobile.waitForSelector("#next:enabled", { timeout: TIMEOUT });
        await mobile.click("#next");
        await mobile.waitForFunction((t) => document.getElementById("hint-text").textContent === t, second.nudge, { timeout: TIMEOUT });
        const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= 390, `the page is ${width}px wide in the walk`);
        if (shotsDir) await mobile.screenshot({ path: join(shotsDir, "phone-walk.png"), fullPage: true });
        await mobile.click("#solution");
        await mobile.waitForSelector("#confirm", { state: "visible", timeout: TIMEOUT });
        if (shotsDir) await mobile.screenshot({ path: join(shotsDir, "phone-confirm.png") });
        await mobile.click("#confirm-no");
      });
    }
    if (corpusPlayed && corpusMistake) {
      await corpusChecks(mobile, corpusPlayed, "phone");
      await corpusChecks(mobile, corpusMistake, "phone");
    }
    await phone.close();
  } finally {
    await browser.close();
  }
}

try {
  await main();
} catch (e) {
  results.push(false);
  console.log(`FAIL browser session\n     ${String((e && e.stack) || e).split("\n").slice(0, 6).join("\n     ")}`);
}
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(failed === 0 ? `PASS: all ${passed} browser checks passed` : `FAIL: ${failed} of ${results.length} browser checks failed`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
