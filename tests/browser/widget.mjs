// The widget embed in a real browser (headless Chromium, Debian's binary), as
// a site's visitor meets it: on a 1280 px page the visitor types "Rom" in the
// birth place, picks "Rome, Italy" from the suggestions with the keyboard
// (the ARIA combobox pattern), submits, and reads the transit list (a glyph
// for every planet) and a wheel at least 480 px across, which opens larger;
// the suggestions' latency is measured as the browser sees it; on a 360 px
// phone the form stacks, nothing overflows and every touch target is at
// least 44 px; a foreign site and a disabled widget get the same refusal
// card; a bad time zone is reported inside the widget. The host page's own
// CSS is hostile and must not reach the widget.
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Customer site</title>
<style>
  /* A host page's CSS at its most careless: none of it may reach the widget. */
  * { color: #c00000 !important; font-family: "Courier New", monospace !important; }
  input, button { background: yellow !important; border: 4px solid #c00000 !important; }
  img { filter: grayscale(1) !important; transform: rotate(8deg) !important; }
  body { background: #f0efe9; margin: 24px; }
  @media (max-width: 480px) { body { margin: 8px; } }
</style></head>
<body>
  <h1>Stargazer Magazine</h1>
  <p>Your transits today, by our partner:</p>
  <div style="max-width: 1200px">
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
const W = "[data-astro-widget]";
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// The share of the chart image the wheel takes: its largest circle (the
// zodiac's outer edge) against the SVG's width, read from the image itself.
async function wheelShare(url) {
  const svg = await (await fetch(url)).text();
  const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)[1]);
  const radii = [...svg.matchAll(/<circle[^>]*\sr="([\d.]+)"/g)].map((m) => Number(m[1]));
  return (2 * Math.max(...radii)) / width;
}

// Starts recording, inside the page, how long suggestions take: from the
// place field's last input event to the list showing options for it.
const recordLatency = () => {
  const host = document.querySelector("[data-astro-widget]").shadowRoot;
  const input = host.querySelector("input[name=place]");
  const list = host.getElementById(input.getAttribute("aria-controls"));
  window.__latencies = [];
  let typedAt = null;
  input.addEventListener("input", () => { typedAt = performance.now(); });
  new MutationObserver(() => {
    if (typedAt !== null && !list.hidden && list.children.length) {
      window.__latencies.push({ query: input.value, ms: performance.now() - typedAt });
      typedAt = null;
    }
  }).observe(list, { childList: true, attributes: true });
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "Europe/Madrid", locale: "en-GB" });

  // 1. An allowed site on a 1280 px page: the place search, a submit, the
  //    transits and a wheel one can read.
  const allowed = await context.newPage();
  const consoleErrors = [];
  const lookups = [];
  allowed.on("pageerror", (error) => consoleErrors.push(String(error)));
  allowed.on("request", (request) => { if (request.url().includes("/api/widget-api/places/")) lookups.push(request.url()); });
  await allowed.goto(`http://127.0.0.1:${port}/`);
  await allowed.locator(`${W} form`).waitFor({ timeout: 15000 });
  const place = allowed.locator(`${W} input[name=place]`);
  check((await allowed.locator(`${W} input[name=timezone]`).inputValue()) === "Europe/Madrid", "the time zone defaults to the browser's");
  check(!(await allowed.locator(`${W} input[name=latitude]`).isVisible()), "the coordinates wait under 'More options'");

  // One character asks nothing and shows nothing.
  await place.click();
  await allowed.keyboard.type("R");
  await allowed.waitForTimeout(400);
  check(lookups.length === 0, `one character sends no request (${lookups.length} sent)`);
  check((await place.getAttribute("aria-expanded")) === "false", "one character shows no list");

  // The combobox pattern, typed as a person types.
  await allowed.keyboard.type("om", { delay: 120 });
  const listId = await place.getAttribute("aria-controls");
  const listbox = allowed.locator(`${W} #${listId}`);
  await listbox.locator("[role=option]").first().waitFor({ timeout: 5000 });
  check((await place.getAttribute("role")) === "combobox", "the place input is a combobox");
  check((await place.getAttribute("aria-autocomplete")) === "list", "aria-autocomplete=list");
  check((await place.getAttribute("aria-expanded")) === "true", "aria-expanded=true while the list is open");
  check((await listbox.getAttribute("role")) === "listbox", `aria-controls names the listbox (#${listId})`);
  const options = await listbox.locator("[role=option]").allTextContents();
  check(options.length > 1 && options.some((o) => o.includes("Rome, Italy")), `real options suggested: ${options.slice(0, 4).join(" | ")}`);
  check((await allowed.locator(`${W} datalist`).count()) === 0, "no native datalist");
  await allowed.keyboard.press("ArrowDown");
  const firstId = await listbox.locator("[role=option]").first().getAttribute("id");
  check((await place.getAttribute("aria-activedescendant")) === firstId, "ArrowDown highlights through aria-activedescendant");
  check(await place.evaluate((input) => input.getRootNode().activeElement === input), "the focus stays in the input");
  let steps = 0;
  while (!(await listbox.locator("[aria-selected=true]").textContent()).includes("Rome, Italy") && steps++ < options.length) {
    await allowed.keyboard.press("ArrowDown");
  }
  await allowed.keyboard.press("Enter");
  check((await place.inputValue()) === "Rome, Italy", `Enter chooses the place (${await place.inputValue()})`);
  check((await place.getAttribute("aria-expanded")) === "false", "the list closes on a choice");
  const latitude = Number(await allowed.locator(`${W} input[name=latitude]`).inputValue());
  const timezone = await allowed.locator(`${W} input[name=timezone]`).inputValue();
  check(Math.abs(latitude - 41.89) < 0.05 && timezone === "Europe/Rome", `the choice fills the coordinates and zone (${latitude}, ${timezone})`);
  await allowed.click(`${W} summary`);
  check(await allowed.locator(`${W} input[name=latitude]`).isEditable(), "the coordinates are shown and editable under 'More options'");

  await allowed.fill(`${W} input[name=date]`, "1990-05-11");
  await allowed.fill(`${W} input[name=time]`, "14:30");
  await allowed.fill(`${W} input[name=transit]`, "2026-11-26T12:00");
  await allowed.click(`${W} button.go`);
  const image = allowed.locator(`${W} .chart img`);
  await image.waitFor({ timeout: 15000 });
  const loaded = await image.evaluate((img) => img.complete ? img.naturalWidth : new Promise((resolve) => {
    img.addEventListener("load", () => resolve(img.naturalWidth));
    img.addEventListener("error", () => resolve(0));
  }));
  check(loaded > 0, "the chart image loads");
  const aspects = await allowed.locator(`${W} ul.aspects li`).allTextContents();
  check(aspects.length > 0, `the transit list shows ${aspects.length} transits: ${aspects.slice(0, 3).join(" | ")}`);
  const unglyphed = await allowed.locator(`${W} ul.aspects li, ${W} ul.points li`).evaluateAll((items) =>
    items.filter((li) => li.querySelectorAll(".g").length < (li.closest(".aspects") ? 3 : 1)).map((li) => li.textContent));
  check(unglyphed.length === 0, `a glyph for every planet named, transiting and natal (${unglyphed.slice(0, 2).join(" | ") || "all have one"})`);
  const tooltip = await allowed.locator(`${W} ul.aspects li`).first().getAttribute("title");
  check(/orb \d/.test(tooltip || ""), `aspects carry tooltips (${tooltip})`);
  const imageUrl = await image.getAttribute("src");
  const share = await wheelShare(imageUrl);
  const shown = (await image.boundingBox()).width;
  const wheel = shown * share;
  check(wheel >= 480, `the wheel itself is ${wheel.toFixed(0)} px across on a 1280 px page (image ${shown.toFixed(0)} px, wheel ${(share * 100).toFixed(1)} % of it)`);
  const glyphColor = await allowed.locator(`${W} .g`).first().evaluate((g) => getComputedStyle(g).color);
  check(glyphColor === "rgb(46, 91, 140)", `the glyphs take the widget's primary colour (${glyphColor})`);
  check(/primary|2e5b8c/i.test(decodeURIComponent(imageUrl)) || (await (await fetch(imageUrl)).text()).includes("#2e5b8c"), "the wheel is drawn in the widget's colours");
  const styles = await allowed.locator(`${W} button.go`).evaluate((button) => {
    const s = getComputedStyle(button);
    return { color: s.color, background: s.backgroundColor, font: s.fontFamily };
  });
  check(styles.background === "rgb(46, 91, 140)", `the widget's primary colour styles the button (${styles.background})`);
  check(styles.color !== "rgb(192, 0, 0)" && !/Courier/.test(styles.font), `the host page's CSS does not reach the widget (${styles.color}, ${styles.font})`);
  const hostHeading = await allowed.locator("h1").evaluate((h) => getComputedStyle(h).color);
  check(hostHeading === "rgb(192, 0, 0)", "the widget's CSS does not reach the host page");
  check((await allowed.locator(`${W} .hd h2`).textContent()) === "Stargazer Transits", "branding: the company name heads the widget");
  await allowed.screenshot({ path: `${shots}/widget-1280.png`, fullPage: true });

  // The full view: larger than the inline wheel; Escape closes it.
  await allowed.click(`${W} button.zoom`);
  const full = allowed.locator(`${W} .full img`);
  await full.waitFor({ timeout: 5000 });
  await allowed.waitForTimeout(300);
  const fullWidth = (await full.boundingBox()).width;
  check(fullWidth > shown, `a click opens the chart larger (${fullWidth.toFixed(0)} px against ${shown.toFixed(0)} px)`);
  await allowed.screenshot({ path: `${shots}/widget-1280-full-view.png` });
  // A click inside the chart keeps Escape working (the dialog is modal).
  await full.click();
  await allowed.keyboard.press("Escape");
  await allowed.locator(`${W} .full`).waitFor({ state: "detached", timeout: 3000 }).catch(() => {});
  check((await allowed.locator(`${W} .full`).count()) === 0, "Escape closes the full view, even after a click inside it");
  check(await allowed.locator(`${W} button.zoom`).evaluate((b) => b.getRootNode().activeElement === b), "the focus goes back to the chart");

  // A late answer never reopens the list after the visitor left the field.
  await place.fill("");
  await place.pressSequentially("Mil", { delay: 20 });
  await allowed.keyboard.press("Tab");
  await allowed.waitForTimeout(600);
  check((await place.getAttribute("aria-expanded")) === "false" && (await listbox.isHidden()), "the list stays closed once the field is left");
  await place.fill("");

  // 2. How fast suggestions come, as the browser sees it: from the last
  //    keystroke to the options on screen, debounce included.
  await allowed.evaluate(recordLatency);
  const towns = ["Par", "Lon", "Ber", "Mad", "Lis", "Osl", "Vie", "Pra", "War", "Bud", "Ath", "Dub", "Bru", "Ams", "Cop", "Sto", "Hel", "Rig", "Kyi", "Buc", "Tok", "Syd", "Lim", "Bog"];
  for (const town of towns) {
    await place.fill("");
    await place.pressSequentially(town, { delay: 110 });
    await allowed.waitForFunction((query) => window.__latencies.some((l) => l.query === query), town, { timeout: 5000 });
  }
  // The list as each town's last keystroke left it (a pause of 110 ms
  // between keys also shows the two-letter one first).
  const latencies = (await allowed.evaluate(() => window.__latencies)).filter((l) => towns.includes(l.query)).map((l) => l.ms);
  const p50 = percentile(latencies, 50), p95 = percentile(latencies, 95);
  console.log(`suggestion latency over ${latencies.length} towns: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);
  check(p95 <= 150, `suggestions within 150 ms of the last keystroke, debounce included (p95 ${p95.toFixed(0)} ms)`);
  check(consoleErrors.length === 0, `no script errors (${consoleErrors.join("; ")})`);

  // 3. A bad field is reported inside the widget, in the refusal card.
  await allowed.fill(`${W} input[name=latitude]`, "41.8919");
  await allowed.fill(`${W} input[name=longitude]`, "12.5113");
  await allowed.fill(`${W} input[name=timezone]`, "Mars/Olympus");
  await allowed.click(`${W} button.go`);
  const fieldError = allowed.locator(`${W} .card`);
  await fieldError.waitFor({ timeout: 15000 });
  const fieldText = await fieldError.textContent();
  check(/timezone/.test(fieldText), `a bad field is shown in the widget (${fieldText})`);

  // 4. A phone: the form stacks, nothing overflows, touch targets of 44 px.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: "Europe/Madrid", locale: "en-GB" });
  const small = await phone.newPage();
  await small.goto(`http://127.0.0.1:${port}/`);
  await small.locator(`${W} form`).waitFor({ timeout: 15000 });
  await small.locator(`${W} input[name=place]`).tap();
  await small.keyboard.type("Rom", { delay: 120 });
  await small.locator(`${W} [role=option]`).first().waitFor({ timeout: 5000 });
  await small.locator(`${W} [role=option]`, { hasText: "Rome, Italy" }).first().tap();
  await small.fill(`${W} input[name=date]`, "1990-05-11");
  await small.fill(`${W} input[name=time]`, "14:30");
  await small.locator(`${W} button.go`).tap();
  await small.locator(`${W} .chart img`).waitFor({ timeout: 15000 });
  // The full view on a phone: larger than the inline wheel, nothing cut off
  // (it scrolls).
  const inlineWidth = (await small.locator(`${W} .chart img`).boundingBox()).width;
  await small.locator(`${W} button.zoom`).tap();
  const fullImage = small.locator(`${W} .full img`);
  await fullImage.waitFor({ timeout: 5000 });
  await small.waitForTimeout(300);
  const fullBox = await fullImage.boundingBox();
  check(fullBox.width > inlineWidth && fullBox.x >= 0, `on a phone the full view is larger (${fullBox.width.toFixed(0)} px against ${inlineWidth.toFixed(0)} px) and starts on screen (x ${fullBox.x.toFixed(0)})`);
  await small.screenshot({ path: `${shots}/widget-360-full-view.png` });
  await small.locator(`${W} .full .x2`).tap();
  // The dialog's close event comes as a task of its own.
  await small.locator(`${W} .full`).waitFor({ state: "detached", timeout: 3000 }).catch(() => {});
  check((await small.locator(`${W} .full`).count()) === 0, "the close button closes the full view");
  await small.locator(`${W} summary`).tap();
  const overflow = await small.evaluate(() => document.scrollingElement.scrollWidth);
  check(overflow <= 360, `nothing overflows a 360 px screen (page ${overflow} px wide)`);
  const boxes = await small.locator(`${W} input[name=date], ${W} input[name=time]`).evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect().left));
  check(boxes.length === 2 && Math.abs(boxes[0] - boxes[1]) < 1, "the form stacks: one field a row");
  const targets = await small.locator(`${W} input, ${W} button, ${W} summary, ${W} a`).evaluateAll((nodes) =>
    nodes.filter((n) => n.offsetParent !== null).map((n) => [n.getAttribute("name") || n.className || n.tagName, n.getBoundingClientRect().height]));
  const tiny = targets.filter(([, height]) => height < 44);
  check(tiny.length === 0, `touch targets at least 44 px (${targets.length} checked; too small: ${JSON.stringify(tiny)})`);
  const wide = await small.locator(`${W} .w`).evaluate((w) => [w.scrollWidth, w.clientWidth]);
  check(wide[0] <= wide[1], `nothing overflows the widget (${wide[0]} of ${wide[1]} px)`);
  await small.screenshot({ path: `${shots}/widget-360.png`, fullPage: true });
  await phone.close();

  // 5. The same page from a foreign site: the refusal card, and the site's
  //    owner is told in the console what to do.
  const foreign = await context.newPage();
  const warnings = [];
  foreign.on("console", (message) => { if (message.type() === "warning") warnings.push(message.text()); });
  await foreign.goto(`http://localhost:${port}/`);
  const refusal = foreign.locator(`${W} .card`);
  await refusal.waitFor({ timeout: 15000 });
  const refusalText = await refusal.textContent();
  check(/not available on this website/.test(refusalText), `a foreign site's visitor reads a plain sentence (${refusalText})`);
  check(warnings.some((w) => /allowedDomains/.test(w) && /localhost/.test(w)), `the site's owner reads the next step in the console (${warnings.join(" | ")})`);
  check((await foreign.locator(`${W} form`).count()) === 0, "no form on a foreign site");
  const blocked = await foreign.evaluate(async ([base, id]) => {
    try {
      await fetch(`${base}/api/widget-api/places/${id}?query=Rom`);
      return "read";
    } catch (error) {
      return "blocked";
    }
  }, [api, allowedId]);
  check(blocked === "blocked", "the browser blocks a foreign site from reading the place look-up");
  // What the browser was blocked from: a 403 without CORS headers.
  const direct = await fetch(`${api}/api/widget-api/places/${allowedId}?query=Rom`, { headers: { origin: `http://localhost:${port}` } });
  const directBody = await direct.json();
  check(direct.status === 403 && directBody.errors[0].code === "domain_not_allowed" && !direct.headers.get("access-control-allow-origin"),
    `the look-up refuses the foreign site itself (${direct.status} ${directBody.errors[0].code})`);
  await foreign.screenshot({ path: `${shots}/widget-foreign-site.png`, fullPage: true });
  const cardStyle = (locator) => locator.evaluate((card) => {
    const s = getComputedStyle(card);
    // The shape, not the colours: each widget has its own.
    return [s.borderLeftWidth, s.borderLeftStyle, s.paddingTop, s.paddingLeft, getComputedStyle(card.querySelector("strong")).display].join(" ");
  });
  const foreignStyle = await cardStyle(refusal);

  // 6. A disabled widget (in Spanish): the same card.
  const disabled = await context.newPage();
  await disabled.goto(`http://127.0.0.1:${port}/?widget=${disabledId}`);
  const off = disabled.locator(`${W} .card`);
  await off.waitFor({ timeout: 15000 });
  const offText = await off.textContent();
  check(/desactivada/.test(offText), `a disabled widget says so in its language (${offText})`);
  check((await cardStyle(off)) === foreignStyle, `both refusals share one card style (${foreignStyle})`);
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
