// The web page with a hint, for the README's picture on the right (scripts/docs-pictures.sh runs it).
//
// Usage: node scripts/docs-pictures.mjs BASE_URL SCREENSHOT OUT.png
// Opens the page at 1280×800 in the system's headless Chromium, chooses SCREENSHOT,
// presses Hint until the whole step shows, and saves the window to OUT.png.
import { createRequire } from "node:module";

// playwright-core as tests/e2e installs it (or from the folder PLAYWRIGHT_FROM names).
const from = process.env.PLAYWRIGHT_FROM || new URL("../tests/e2e/", import.meta.url).pathname;
const { chromium } = createRequire(from + "/package.json")("playwright-core");

const [base, shot, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(base + "/", { waitUntil: "load" });
  await page.setInputFiles("#file", shot);
  await page.waitForSelector("#hint:enabled");
  // Nudge, reason, then the answer: the button is named after the next reveal.
  for (const next of ["Show the reason", "Show the answer", "Next hint"]) {
    await page.click("#hint");
    await page.waitForFunction((b) => document.getElementById("hint").textContent === b, next);
  }
  await page.waitForSelector('#overlay[src^="data:image/png;base64,"]', { state: "visible" });
  await page.$eval("#overlay", (img) => img.decode());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
