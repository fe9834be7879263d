// The widget embed in a real browser (headless Chromium, Debian's binary):
// a customer's page on an allowed site loads /widget/embed.js, a visitor
// fills the form and sees the chart image load and the aspect list; the same
// page from a foreign site shows the widget's refusal; a disabled widget
// shows its message; a bad time zone is reported inside the widget. The
// host page's own CSS is hostile and must not reach the widget.
//
//   node widget.mjs <api base, e.g. http://127.0.0.1:3917> <allowed widget id> <disabled widget id> <screenshot dir>
//
// The page is served on a second port of 127.0.0.1 (an allowed site: the
// widget lists 127.0.0.1) and, as the foreign site, as http://localhost:<port>.

import http from "node:http";
import { chromium } from "playwright-core";

const [api, allowedId, disabledId, shots] = process.argv.slice(2);
if (!api || !allowedId || !disabledId || !shots) {
  console.error("usage: node widget.mjs API_BASE ALLOWED_WIDGET_ID DISABLED_WIDGET_ID SCREENSHOT_DIR");
  process.exit(2);
}

const page = (widgetId) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Customer site</title>
<style>
  /* A host page's CSS at its most careless: none of it may reach the widget. */
  * { color: #c00000 !important; font-family: "Courier New", monospace !important; }
  input, button { background: yellow !important; border: 4px solid #c00000 !important; }
  img { filter: grayscale(1) !important; transform: rotate(8deg) !important; }
  body { background: #f0efe9; margin: 24px; }
</style></head>
<body>
  <h1>Stargazer Magazine</h1>
  <p>Your transits today, by our partner:</p>
  <div style="max-width: 760px">
    <script src="${api}/widget/embed.js" data-widget-id="${widgetId}" async></script>
  </div>
</body></html>`;

const server = http.createServer((request, response) => {
  const url = new URL(request.url, "http://x");
  const id = url.searchParams.get("widget") || allowedId;
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(page(id));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = server.address().port;

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 }, timezoneId: "Europe/Madrid", locale: "en-GB" });

  // 1. An allowed site: the form, a submit, the chart and the aspects.
  const allowed = await context.newPage();
  const consoleErrors = [];
  allowed.on("pageerror", (error) => consoleErrors.push(String(error)));
  await allowed.goto(`http://127.0.0.1:${port}/`);
  const form = allowed.locator("[data-astro-widget] form");
  await form.waitFor({ timeout: 15000 });
  check((await allowed.locator("[data-astro-widget] input[name=timezone]").inputValue()) === "Europe/Madrid", "the time zone defaults to the browser's");
  await allowed.fill("[data-astro-widget] input[name=date]", "1990-05-11");
  await allowed.fill("[data-astro-widget] input[name=time]", "14:30");
  await allowed.fill("[data-astro-widget] input[name=place]", "Rome");
  await allowed.fill("[data-astro-widget] input[name=latitude]", "41.9028");
  await allowed.fill("[data-astro-widget] input[name=longitude]", "12.4964");
  await allowed.fill("[data-astro-widget] input[name=timezone]", "Europe/Rome");
  await allowed.fill("[data-astro-widget] input[name=transit]", "2026-11-26T12:00");
  await allowed.click("[data-astro-widget] button");
  const image = allowed.locator("[data-astro-widget] .chart img");
  await image.waitFor({ timeout: 15000 });
  const loaded = await image.evaluate((img) => img.complete ? img.naturalWidth : new Promise((resolve) => {
    img.addEventListener("load", () => resolve(img.naturalWidth));
    img.addEventListener("error", () => resolve(0));
  }));
  check(loaded > 0, `the chart image loads (${loaded} px wide)`);
  const aspects = await allowed.locator("[data-astro-widget] ul.aspects li").allTextContents();
  check(aspects.length > 0, `the aspect list shows ${aspects.length} transits: ${aspects.slice(0, 3).join(" | ")}`);
  const tooltip = await allowed.locator("[data-astro-widget] ul.aspects li").first().getAttribute("title");
  check(/orb \d/.test(tooltip || ""), `aspects carry tooltips (${tooltip})`);
  const styles = await allowed.locator("[data-astro-widget] button").evaluate((button) => {
    const s = getComputedStyle(button);
    return { color: s.color, background: s.backgroundColor, font: s.fontFamily };
  });
  check(styles.background === "rgb(46, 91, 140)", `the widget's primary colour styles the button (${styles.background})`);
  check(styles.color !== "rgb(192, 0, 0)" && !/Courier/.test(styles.font), `the host page's CSS does not reach the widget (${styles.color}, ${styles.font})`);
  const hostHeading = await allowed.locator("h1").evaluate((h) => getComputedStyle(h).color);
  check(hostHeading === "rgb(192, 0, 0)", "the widget's CSS does not reach the host page");
  check((await allowed.locator("[data-astro-widget] .hd h2").textContent()) === "Stargazer Transits", "branding: the company name heads the widget");
  check((await allowed.locator("[data-astro-widget] .ft").count()) === 0, "branding: 'powered by' turned off");
  check(consoleErrors.length === 0, `no script errors (${consoleErrors.join("; ")})`);
  await allowed.screenshot({ path: `${shots}/widget-allowed.png`, fullPage: true });

  // 2. A bad field is reported inside the widget.
  await allowed.fill("[data-astro-widget] input[name=timezone]", "Mars/Olympus");
  await allowed.click("[data-astro-widget] button");
  const fieldError = allowed.locator("[data-astro-widget] .msg");
  await fieldError.waitFor({ timeout: 15000 });
  const fieldText = await fieldError.textContent();
  check(/timezone/.test(fieldText), `a bad field is shown in the widget (${fieldText})`);

  // 3. The same page from a foreign site: the widget says so.
  const foreign = await context.newPage();
  await foreign.goto(`http://localhost:${port}/`);
  const refusal = foreign.locator("[data-astro-widget] .msg");
  await refusal.waitFor({ timeout: 15000 });
  const refusalText = await refusal.textContent();
  check(/not enabled for this website/.test(refusalText), `a foreign site sees the refusal (${refusalText})`);
  check((await foreign.locator("[data-astro-widget] form").count()) === 0, "no form on a foreign site");
  // And the calculation itself is unreadable from there (no CORS header).
  const blocked = await foreign.evaluate(async ([base, id]) => {
    try {
      await fetch(`${base}/api/widget-api/transit/${id}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      return "read";
    } catch (error) {
      return "blocked";
    }
  }, [api, allowedId]);
  check(blocked === "blocked", "the browser blocks a foreign site from reading the widget's answer");
  await foreign.screenshot({ path: `${shots}/widget-foreign-site.png`, fullPage: true });

  // 4. A disabled widget shows its message.
  const disabled = await context.newPage();
  await disabled.goto(`http://127.0.0.1:${port}/?widget=${disabledId}`);
  const off = disabled.locator("[data-astro-widget] .msg");
  await off.waitFor({ timeout: 15000 });
  const offText = await off.textContent();
  check(/desactivado|turned off/.test(offText), `a disabled widget says so (${offText})`);
  await disabled.screenshot({ path: `${shots}/widget-disabled.png`, fullPage: true });
} finally {
  await browser.close();
  server.close();
}

if (failures.length) {
  console.error(`${failures.length} browser check(s) failed`);
  process.exit(1);
}
console.log("widget browser test: all checks passed");
