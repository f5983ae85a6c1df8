// The web page's live board, for the README and docs/serve.md (scripts/docs-pictures.sh runs it).
//
// Usage: node scripts/docs-pictures.mjs BASE_URL SCREENSHOT OUT_DIR
// Opens the page in the system's headless Chromium, chooses SCREENSHOT, and saves
// OUT_DIR/page-hint.png (1280×800, after one press of Hint: the nudge) and
// OUT_DIR/page-phone.png (390×844, after three: the answer, drawn on the board).
import { createRequire } from "node:module";

// playwright-core as tests/e2e installs it (or from the folder PLAYWRIGHT_FROM names).
const from = process.env.PLAYWRIGHT_FROM || new URL("../tests/e2e/", import.meta.url).pathname;
const { chromium } = createRequire(from + "/package.json")("playwright-core");

const [base, shot, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const STAGES = ["where to look", "the reason", "the answer"];
try {
  for (const [name, viewport, presses] of [
    ["page-hint.png", { width: 1280, height: 800 }, 1],
    ["page-phone.png", { width: 390, height: 844 }, 3],
  ]) {
    const page = await (await browser.newContext({ viewport, hasTouch: viewport.width < 500 })).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(base + "/", { waitUntil: "load" });
    await page.setInputFiles("#file", shot);
    await page.waitForSelector("#hint:enabled");
    for (let k = 0; k < presses; k++) {
      await page.click("#hint");
      await page.waitForFunction((s) => (document.querySelector("#words .stage") || {}).textContent?.includes(s), STAGES[k]);
      // At the answer, Play it takes Hint's place.
      await page.waitForSelector(k + 1 < STAGES.length ? "#hint:enabled" : "#apply:enabled");
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${out}/${name}` });
  }
} finally {
  await browser.close();
}
