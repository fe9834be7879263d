/*! Astrology API transit widget: <script src="https://API/widget/embed.js" data-widget-id="ID" async></script> (docs/api.md) */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var widgetId = script.getAttribute("data-widget-id") || "";
  var api = (script.getAttribute("data-api") || new URL(script.src, location.href).origin).replace(/\/+$/, "");
  var mount = document.createElement("div");
  mount.setAttribute("data-astro-widget", widgetId);
  script.parentNode.insertBefore(mount, script.nextSibling);
  var root = mount.attachShadow ? mount.attachShadow({ mode: "open" }) : mount;
  // Ids are per widget: two widgets on one page never share one.
  var uid = "aw" + Math.random().toString(36).slice(2, 8);

  var TEXT = {
    en: {
      title: "Your transits", birthDate: "Birth date", birthTime: "Birth time", place: "Birth place",
      placeHint: "Start typing your town", noPlaces: "No place found: try another spelling, or enter the coordinates under More options.",
      found: " places found", found1: "1 place found", chosen: "Chosen", quota: "This chart is not available at the moment.", moreOptions: "More options",
      latitude: "Latitude", longitude: "Longitude", timezone: "Time zone", transit: "Transits for",
      choosePlace: "Choose your birth place from the suggestions, or enter its coordinates under More options.",
      submit: "Show my transits", busy: "Calculating…", aspects: "Transits to your chart", positions: "Planets now",
      none: "No transit within 1° at this moment.", orb: "orb", applying: "applying", separating: "separating",
      house: "house", retro: "retrograde", chartAlt: "Transit chart wheel: your birth chart inside, the planets now outside",
      enlarge: "Open the chart larger", close: "Close", more: "Get your full reading",
      powered: "Powered by Astrology API", unavailableTitle: "Not available here",
      missing: "This chart is not available right now.", disabled: "This chart is switched off for now.",
      site: "This chart is not available on this website.", unavailable: "This chart is not available at the moment.",
      network: "The service could not be reached. Check your connection and try again.",
      image: "The chart image could not be loaded.", busyLimit: "Too many requests from here. Try again in a minute.",
      problem: "Something is not right", retryTitle: "Please try again"
    },
    es: {
      title: "Tus tránsitos", birthDate: "Fecha de nacimiento", birthTime: "Hora de nacimiento", place: "Lugar de nacimiento",
      placeHint: "Empieza a escribir tu ciudad", noPlaces: "Ningún lugar encontrado: prueba otra grafía o escribe las coordenadas en Más opciones.",
      found: " lugares encontrados", found1: "1 lugar encontrado", chosen: "Elegido", quota: "Esta carta no está disponible en este momento.", moreOptions: "Más opciones",
      latitude: "Latitud", longitude: "Longitud", timezone: "Zona horaria", transit: "Tránsitos para",
      choosePlace: "Elige tu lugar de nacimiento entre las sugerencias, o escribe sus coordenadas en Más opciones.",
      submit: "Ver mis tránsitos", busy: "Calculando…", aspects: "Tránsitos a tu carta", positions: "Planetas ahora",
      none: "Ningún tránsito a menos de 1° en este momento.", orb: "orbe", applying: "aplicativo", separating: "separativo",
      house: "casa", retro: "retrógrado", chartAlt: "Rueda de tránsitos: tu carta natal dentro, los planetas de ahora fuera",
      enlarge: "Abrir la carta en grande", close: "Cerrar", more: "Obtén tu lectura completa",
      powered: "Con la tecnología de Astrology API", unavailableTitle: "No disponible aquí",
      missing: "Esta carta no está disponible ahora mismo.", disabled: "Esta carta está desactivada por ahora.",
      site: "Esta carta no está disponible en este sitio web.", unavailable: "Esta carta no está disponible en este momento.",
      network: "No se pudo contactar con el servicio. Revisa tu conexión e inténtalo de nuevo.",
      image: "No se pudo cargar la imagen de la carta.", busyLimit: "Demasiadas solicitudes desde aquí. Inténtalo dentro de un minuto.",
      problem: "Algo no está bien", retryTitle: "Inténtalo de nuevo"
    }
  };
  var t = TEXT.en;
  // What the site's owner should do, in the console (never shown to visitors).
  var OWNER = {
    missing: "no widget has this id: check the data-widget-id of the embed (GET /api/widgets lists yours).",
    disabled: "the widget is turned off: enable it in the dashboard (PATCH /api/widgets/{id} with enabled: true).",
    site: "this site is not among the widget's allowedDomains: add " + location.hostname + " in the dashboard.",
    unavailable: "the organization's plan no longer includes widgets: change the plan in the dashboard.",
    quota: "the organization's monthly quota is used up: it renews on the 1st, or change the plan in the dashboard."
  };
  // Refusal codes of the widget's routes, and the reason each one shows.
  var REFUSALS = { widget_not_found: "missing", widget_disabled: "disabled", domain_not_allowed: "site", module_not_in_plan: "unavailable", quota_exceeded: "quota" };
  // Text presentation (U+FE0E), so no platform draws them as emoji.
  var GLYPHS = {
    sun: "☉", moon: "☽", mercury: "☿", venus: "♀", mars: "♂", jupiter: "♃", saturn: "♄", uranus: "♅", neptune: "♆", pluto: "♇",
    true_node: "☊", mean_node: "☊", south_node: "☋", chiron: "⚷", mean_lilith: "⚸", ascendant: "AC", midheaven: "MC",
    conjunction: "☌", opposition: "☍", trine: "△", square: "□", sextile: "⚹"
  };
  // The wheel is 660 of the chart image's 860 units across (the zodiac's
  // outer edge): the image is sized so the wheel itself is at least `--cs`
  // wide (a hair more, so a rounded pixel never makes it less).
  var WHEEL_SHARE = 660 / 860 - 0.005;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) {
      if (attrs[name] === null || attrs[name] === undefined || attrs[name] === false) continue;
      if (name === "text") node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name] === true ? "" : attrs[name]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }
  function pick(object, path, fallback) {
    var value = path.split(".").reduce(function (v, k) { return v && typeof v === "object" ? v[k] : undefined; }, object);
    return value === undefined || value === null ? fallback : value;
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function localNow() {
    var d = new Date();
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + "T" + pad(d.getHours()) + ":" + pad(d.getMinutes());
  }
  function browserZone() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { return "UTC"; }
  }
  function glyph(id) {
    return GLYPHS[id] ? el("span", { class: "g", "aria-hidden": "true", text: GLYPHS[id] + "\uFE0E" }) : null;
  }
  function getJson(url, options) {
    return fetch(url, options).then(function (response) {
      var retryAfter = response.headers.get("retry-after");
      return response.json().then(function (body) { return { status: response.status, body: body, retryAfter: retryAfter }; }, function () { return { status: response.status, body: null, retryAfter: retryAfter }; });
    });
  }

  var BASE_CSS =
    ":host{all:initial;display:block}" +
    ".w{--p:#5b3fa8;--s:#8a77c9;--bg:#ffffff;--sf:#f6f4fb;--tx:#1f1a2e;--tx2:#5d5670;--bd:#d9d3ea;--er:#b3261e;--ok:#1e7d4f;--ac:#d98a1c;" +
    "--ff:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;--fs:15px;--fh:20px;--fsm:12.5px;--fw:400;--fb:650;" +
    "--r:10px;--bw:1px;--bs:solid;--pad:16px;--m:0px;--sh:0 2px 10px rgba(30,20,60,.12);--cs:480px;" +
    "container-type:inline-size;box-sizing:border-box;margin:var(--m);padding:var(--pad);background:var(--bg);color:var(--tx);font-family:var(--ff);" +
    "font-size:var(--fs);font-weight:var(--fw);line-height:1.45;border:var(--bw) var(--bs) var(--bd);border-radius:var(--r);box-shadow:var(--sh);max-width:100%;overflow-wrap:anywhere}" +
    ".w *{box-sizing:border-box}" +
    ".hd{display:flex;align-items:center;gap:10px;margin:0 0 12px}.hd img{max-height:32px;max-width:120px}" +
    "h2{font-size:var(--fh);font-weight:var(--fb);margin:0;color:var(--p)}h3{font-size:calc(var(--fs)*1.05);font-weight:var(--fb);margin:14px 0 6px}" +
    "form{display:grid;grid-template-columns:repeat(auto-fit,minmax(210px,1fr));gap:10px}" +
    "label,.fl{display:flex;flex-direction:column;gap:3px;font-size:var(--fsm);color:var(--tx2);min-width:0}" +
    "input{font:inherit;font-size:max(16px,var(--fs));color:var(--tx);background:var(--sf);border:var(--bw) var(--bs) var(--bd);border-radius:calc(var(--r)*.6);padding:8px 10px;min-width:0;min-height:44px;width:100%}" +
    "input:focus,summary:focus-visible,.zoom:focus-visible,.x2:focus-visible{outline:2px solid var(--s);outline-offset:1px}" +
    ".wide{grid-column:1/-1}.cb{position:relative}" +
    "[role=listbox]{position:absolute;z-index:5;left:0;right:0;top:100%;margin:2px 0 0;padding:4px;list-style:none;background:var(--bg);color:var(--tx);border:var(--bw) solid var(--bd);border-radius:calc(var(--r)*.6);box-shadow:var(--sh);max-height:300px;overflow-y:auto}" +
    "[role=option]{display:flex;flex-direction:column;justify-content:center;min-height:44px;padding:6px 10px;border-radius:calc(var(--r)*.4);cursor:pointer;border:0}" +
    "[role=option] .x{font-size:var(--fsm);color:var(--tx2)}[role=option][aria-selected=true]{background:var(--p);color:#fff}[role=option][aria-selected=true] .x{color:#fff}" +
    ".hint{font-size:var(--fsm);color:var(--tx2);min-height:1.2em}" +
    "details{grid-column:1/-1;border:var(--bw) dashed var(--bd);border-radius:calc(var(--r)*.6);padding:0 10px}" +
    "summary{-webkit-tap-highlight-color:transparent;cursor:pointer;min-height:44px;display:flex;align-items:center;color:var(--tx2);font-size:var(--fsm)}" +
    ".more3{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;padding:0 0 10px}" +
    "button{font:inherit;font-weight:var(--fb);border:0;border-radius:calc(var(--r)*.6);cursor:pointer;min-height:44px}" +
    ".go{grid-column:1/-1;color:#fff;background:var(--p);padding:10px 14px}" +
    "button:disabled{opacity:.6;cursor:progress}" +
    ".card{margin:10px 0 0;padding:12px 14px;border-radius:calc(var(--r)*.6);border:var(--bw) solid var(--bd);border-left:4px solid var(--er);background:var(--sf);color:var(--tx)}" +
    ".card strong{display:block;font-weight:var(--fb);color:var(--er);margin-bottom:2px}" +
    ".res{margin-top:14px}.res.anim{animation:in .35s ease-out}@keyframes in{from{opacity:0;transform:translateY(6px)}to{opacity:1}}" +
    "@media (prefers-reduced-motion:reduce){.res.anim{animation:none}}" +
    ".chart{text-align:center}.zoom{display:inline-block;padding:0;background:none;width:100%;max-width:calc(var(--cs)/" + WHEEL_SHARE.toFixed(4) + ");cursor:zoom-in}" +
    ".zoom img,.full img{display:block;width:100%;height:auto;border-radius:calc(var(--r)*.6)}" +
    ".full{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;border:0;background:rgba(10,8,20,.78);overflow:auto;overscroll-behavior:contain;padding:56px 12px 12px}" +
    ".full::backdrop{background:transparent}" +
    ".full .in{margin:0 auto;width:max(min(100%,calc((94vh - 72px)*.92)),calc(var(--inline)*1.2));background:var(--bg);border-radius:var(--r);padding:8px}" +
    ".x2{position:fixed;top:8px;right:8px;width:44px;height:44px;font-size:22px;line-height:1;color:var(--tx);background:var(--bg);box-shadow:var(--sh)}" +
    "ul.l{list-style:none;margin:0;padding:0}ul.l li{padding:8px;border-bottom:1px solid var(--bd);display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}" +
    ".x{color:var(--tx2);font-size:var(--fsm)}.ap{color:var(--ac)}.sp{color:var(--ok)}" +
    ".g{display:inline-block;min-width:1.2em;text-align:center;color:var(--p);font-family:'DejaVu Sans','Segoe UI Symbol','Apple Symbols','Noto Sans Symbols',var(--ff);font-weight:400}" +
    ".side .res{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:16px;align-items:start}" +
    ".compact{--pad:10px;--fs:13.5px}.compact form{gap:6px}" +
    ".more{display:inline-flex;align-items:center;min-height:44px;margin-top:8px;color:var(--p);font-weight:var(--fb)}" +
    ".ft{margin-top:12px;font-size:var(--fsm);color:var(--tx2);text-align:right}" +
    ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}" +
    // The widget's own width decides (a phone, or a narrow column of a wide page).
    "@container (max-width:560px){form,.more3{grid-template-columns:1fr}.side .res{grid-template-columns:1fr}}";

  var DARK = { "--bg": "#16131f", "--sf": "#221d30", "--tx": "#ece8f6", "--tx2": "#a9a1bf", "--bd": "#3a3350", "--p": "#b29cff", "--s": "#7d68c7" };
  var COLOR_VARS = { primary: "--p", secondary: "--s", background: "--bg", surface: "--sf", text: "--tx", textSecondary: "--tx2", border: "--bd", error: "--er", success: "--ok", accent: "--ac" };
  var SHADOWS = { none: "none", small: "0 1px 4px rgba(0,0,0,.12)", medium: "0 2px 10px rgba(30,20,60,.14)", large: "0 8px 28px rgba(30,20,60,.22)" };
  // The wheel's own diameter.
  var SIZES = { small: "320px", medium: "480px", large: "640px" };

  // setProperty drops what the browser does not accept; no value reaches another rule.
  function applyStyle(frame, c) {
    var set = function (name, value) { if (value !== undefined && value !== null && value !== "") frame.style.setProperty(name, String(value)); };
    if (pick(c, "widgetOptions.theme") === "dark") for (var d in DARK) set(d, DARK[d]);
    for (var key in COLOR_VARS) set(COLOR_VARS[key], pick(c, "colors." + key));
    var family = pick(c, "fonts.family");
    if (family) set("--ff", family + ",system-ui,sans-serif");
    var base = pick(c, "fonts.sizeBase"), scale = pick(c, "fonts.sizeScale");
    if (base) set("--fs", base + "px");
    var heading = pick(c, "fonts.sizeHeading") || (base && scale ? base * scale * scale : null);
    if (heading) set("--fh", heading + "px");
    if (pick(c, "fonts.sizeSmall")) set("--fsm", pick(c, "fonts.sizeSmall") + "px");
    set("--fw", pick(c, "fonts.weightNormal"));
    set("--fb", pick(c, "fonts.weightBold"));
    if (pick(c, "borders.radius") !== undefined) set("--r", pick(c, "borders.radius") + "px");
    if (pick(c, "borders.width") !== undefined) set("--bw", pick(c, "borders.width") + "px");
    set("--bs", pick(c, "borders.style"));
    if (pick(c, "spacing.padding") !== undefined) set("--pad", pick(c, "spacing.padding") + "px");
    if (pick(c, "spacing.margin") !== undefined) set("--m", pick(c, "spacing.margin") + "px");
    set("--sh", pick(c, "shadows.custom") || SHADOWS[pick(c, "shadows.preset")]);
    var size = pick(c, "widgetOptions.chartSize");
    set("--cs", SIZES[size] || (/^\d+$/.test(String(size || "")) ? size + "px" : null));
  }

  var frame = el("div", { class: "w", part: "widget", lang: "en" });
  root.appendChild(el("style", { text: BASE_CSS }));
  root.appendChild(frame);

  // Every refusal and failure in one card: a plain sentence for the visitor
  // and, for what only the site's owner can mend, the next step in the console.
  function card(title, text) {
    return el("div", { class: "card", role: "alert" }, [el("strong", { text: title }), text]);
  }
  function refuse(reason) {
    frame.textContent = "";
    frame.appendChild(card(t.unavailableTitle, t[reason] || t.network));
    if (OWNER[reason] && window.console) console.warn("Astrology API widget " + widgetId + ": " + OWNER[reason]);
  }

  if (!widgetId) return refuse("missing");
  getJson(api + "/widget/config/" + encodeURIComponent(widgetId), { credentials: "omit" })
    .then(function (answer) {
      if (answer.status === 404) return refuse("missing");
      var attributes = pick(answer.body, "data.attributes", null);
      if (!attributes) return refuse("network");
      var c = attributes.customization || {};
      t = TEXT[c.language] || TEXT.en;
      frame.setAttribute("lang", TEXT[c.language] ? c.language : "en");
      applyStyle(frame, c);
      if (c.customCss) root.appendChild(el("style", { text: c.customCss }));
      var reasons = { disabled: "disabled", site_not_allowed: "site", unavailable: "unavailable" };
      if (attributes.status !== "ready") return refuse(reasons[attributes.status] || "network");
      render(c, attributes.name);
    })
    .catch(function () { refuse("network"); });

  function field(label, attrs) {
    return el("label", {}, [label, el("input", attrs)]);
  }

  // The birth place: an ARIA 1.2 combobox over the widget's place look-up.
  function placeField(form, zone) {
    var listId = uid + "-places", statusId = uid + "-place-status";
    var input = el("input", {
      id: uid + "-place", name: "place", type: "text", maxlength: "100", autocomplete: "off", spellcheck: "false", placeholder: t.placeHint,
      role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": listId, "aria-describedby": statusId
    });
    var list = el("ul", { id: listId, role: "listbox", "aria-label": t.place, hidden: true });
    var status = el("div", { id: statusId, class: "hint", "aria-live": "polite" });
    var places = [], active = -1, timer = 0, controller = null, asked = 0, chosen = null, pausedUntil = 0;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    // Forgets what was asked and not yet answered: a late answer never
    // reopens the list.
    function cancel() {
      clearTimeout(timer);
      asked++;
      if (controller) controller.abort();
    }
    function highlight(index) {
      active = index;
      Array.prototype.forEach.call(list.children, function (option, i) { option.setAttribute("aria-selected", i === index ? "true" : "false"); });
      if (index < 0) return input.removeAttribute("aria-activedescendant");
      input.setAttribute("aria-activedescendant", list.children[index].id);
      list.children[index].scrollIntoView({ block: "nearest" });
    }
    function choose(index) {
      var place = places[index];
      if (!place) return;
      cancel();
      var a = place.attributes;
      chosen = a;
      input.value = a.name + ", " + a.countryName;
      form.elements.latitude.value = a.latitude;
      form.elements.longitude.value = a.longitude;
      form.elements.timezone.value = a.timezone;
      close();
      status.textContent = t.chosen + ": " + a.label + " · " + Math.abs(a.latitude).toFixed(2) + "° " + (a.latitude < 0 ? "S" : "N") + ", " +
        Math.abs(a.longitude).toFixed(2) + "° " + (a.longitude < 0 ? "W" : "E") + " · " + a.timezone;
    }
    function show(found) {
      places = found;
      list.textContent = "";
      found.forEach(function (place, i) {
        var a = place.attributes;
        list.appendChild(el("li", { id: listId + "-" + i, role: "option", "aria-selected": "false", "data-i": i }, [
          el("span", { text: a.name + ", " + a.countryName }),
          el("span", { class: "x", text: [a.admin1, a.timezone].filter(Boolean).join(" · ") })
        ]));
      });
      if (!found.length) {
        close();
        status.textContent = t.noPlaces;
        return;
      }
      // Only under the visitor's eyes: not after they left the field.
      if ((root.activeElement !== undefined ? root.activeElement : document.activeElement) !== input) return;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      highlight(-1);
      status.textContent = found.length === 1 ? t.found1 : found.length + t.found;
    }
    function search(ticket) {
      var query = input.value.trim();
      controller = window.AbortController ? new AbortController() : null;
      getJson(api + "/api/widget-api/places/" + encodeURIComponent(widgetId) + "?limit=8&query=" + encodeURIComponent(query), {
        credentials: "omit", signal: controller ? controller.signal : undefined
      }).then(function (answer) {
        // Only the answer to what the input says now.
        if (ticket !== asked) return;
        if (answer.status === 200) return show(answer.body.data || []);
        close();
        places = [];
        var code = pick(answer.body, "errors.0.code", "");
        if (REFUSALS[code]) return refuse(REFUSALS[code]);
        if (answer.status === 429) {
          // The visitor's look-ups wait out the window the server names.
          pausedUntil = Date.now() + 1000 * (Number(answer.retryAfter) || 60);
          status.textContent = t.busyLimit;
          return;
        }
        status.textContent = t.network;
      }).catch(function (error) {
        if (ticket === asked && (!error || error.name !== "AbortError")) status.textContent = t.network;
      });
    }

    // A press on the list (an option, its scrollbar) keeps the focus in the
    // input, as the pattern wants; a click on an option chooses it.
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var option = event.target.closest ? event.target.closest("[role=option]") : null;
      if (option) choose(Number(option.getAttribute("data-i")));
    });
    input.addEventListener("input", function () {
      cancel();
      close();
      places = [];
      if (chosen) {
        // The coordinates and zone were the chosen place's: they no longer match.
        chosen = null;
        form.elements.latitude.value = "";
        form.elements.longitude.value = "";
        form.elements.timezone.value = zone;
      }
      status.textContent = "";
      // One letter names too many towns: nothing is asked or shown.
      if (input.value.trim().length < 2 || Date.now() < pausedUntil) return;
      var ticket = asked;
      timer = setTimeout(function () { search(ticket); }, 60);
    });
    input.addEventListener("keydown", function (event) {
      if (event.isComposing) return;
      var open = !list.hidden && places.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!places.length) return;
        event.preventDefault();
        if (!open) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
        var step = event.key === "ArrowDown" ? 1 : -1;
        highlight(active < 0 ? (step > 0 ? 0 : places.length - 1) : (active + step + places.length) % places.length);
      } else if (event.key === "Enter" && open && active >= 0) {
        event.preventDefault();
        choose(active);
      } else if (event.key === "Escape" && open) {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", function () { cancel(); close(); });
    return el("div", { class: "fl wide" }, [el("label", { for: uid + "-place", text: t.place }), el("div", { class: "cb" }, [input, list]), status]);
  }

  function render(c, name) {
    frame.textContent = "";
    var variant = pick(c, "layout.variant", "stacked");
    frame.className = "w" + (variant === "side-by-side" ? " side" : variant === "compact" ? " compact" : "");
    var company = pick(c, "branding.companyName");
    var logo = pick(c, "branding.logoUrl");
    frame.appendChild(el("div", { class: "hd" }, [logo ? el("img", { src: logo, alt: company || "" }) : null, el("h2", { text: company || name || t.title })]));
    var zone = browserZone();
    var form = el("form", { novalidate: true });
    var coordinates = el("details", {}, [
      el("summary", { text: t.moreOptions }),
      el("div", { class: "more3" }, [
        field(t.latitude, { name: "latitude", type: "number", step: "any", min: "-90", max: "90", required: true, inputmode: "decimal" }),
        field(t.longitude, { name: "longitude", type: "number", step: "any", min: "-180", max: "180", required: true, inputmode: "decimal" }),
        field(t.timezone, { name: "timezone", type: "text", required: true, value: zone, autocomplete: "off" })
      ])
    ]);
    [
      field(t.birthDate, { name: "date", type: "date", required: true, min: "1800-01-01", max: "2399-12-31" }),
      field(t.birthTime, { name: "time", type: "time", required: true, value: "12:00" }),
      placeField(form, zone),
      field(t.transit, { name: "transit", type: "datetime-local", required: true, value: localNow() }),
      coordinates,
      el("button", { class: "go", type: "submit", text: t.submit })
    ].forEach(function (node) { form.appendChild(node); });
    var status = el("div", { "aria-live": "polite" });
    var results = el("div", { class: "res" + (pick(c, "interaction.animationsEnabled", true) ? " anim" : "") });
    frame.appendChild(form);
    frame.appendChild(status);
    frame.appendChild(results);
    if (pick(c, "branding.showPoweredBy", true)) frame.appendChild(el("div", { class: "ft", text: t.powered }));

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var v = function (n) { return form.elements[n].value.trim(); };
      status.textContent = "";
      if (!v("latitude") || !v("longitude")) {
        status.appendChild(card(t.problem, t.choosePlace));
        form.elements.place.focus();
        return;
      }
      if (!form.checkValidity()) {
        var bad = Array.prototype.filter.call(form.elements, function (e) { return e.willValidate && !e.checkValidity(); })[0];
        if (bad && coordinates.contains(bad)) coordinates.open = true;
        status.appendChild(card(t.problem, (bad && bad.parentNode.firstChild.textContent + ": " + bad.validationMessage) || t.network));
        return;
      }
      var body = {
        birthData: { dateTime: v("date") + "T" + v("time"), latitude: Number(v("latitude")), longitude: Number(v("longitude")), timezone: v("timezone") },
        transitDateTime: v("transit").slice(0, 16),
        transitTimezone: zone
      };
      if (v("place")) body.birthData.placeName = v("place");
      var button = form.querySelector(".go");
      button.disabled = true;
      button.textContent = t.busy;
      getJson(api + "/api/widget-api/transit/" + encodeURIComponent(widgetId), {
        method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
      })
        .then(function (answer) {
          if (answer.status === 200) return show(c, answer.body.data, results);
          var errors = pick(answer.body, "errors", []);
          var code = pick(errors, "0.code", "");
          if (REFUSALS[code]) return refuse(REFUSALS[code]);
          if (answer.status === 429) return status.appendChild(card(t.retryTitle, t.busyLimit));
          var text = errors.map(function (e) {
            var pointer = (e.source && e.source.pointer) || "";
            return (pointer ? pointer.split("/").pop() + ": " : "") + (e.detail || e.title);
          }).join(" · ");
          status.appendChild(card(answer.status >= 500 ? t.retryTitle : t.problem, text || t.network));
        })
        .catch(function () { status.appendChild(card(t.retryTitle, t.network)); })
        .then(function () { button.disabled = false; button.textContent = t.submit; });
    });
  }

  // The chart larger, over the page, in a modal <dialog> (the top layer:
  // no ancestor of the host page clips it, the page behind is inert):
  // Escape, the close button or a click outside the chart closes it, and the
  // focus goes back to the chart. Wider than the screen, it scrolls.
  function fullView(src, opener) {
    var close = el("button", { class: "x2", type: "button", "aria-label": t.close, text: "×" });
    var inner = el("div", { class: "in" }, [el("img", { src: src, alt: t.chartAlt })]);
    var dialog = el("dialog", { class: "full", "aria-label": t.chartAlt }, [close, inner]);
    dialog.style.setProperty("--inline", opener.getBoundingClientRect().width + "px");
    close.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
    dialog.addEventListener("close", function () {
      dialog.remove();
      opener.focus();
    });
    frame.appendChild(dialog);
    if (dialog.showModal) dialog.showModal();
    else dialog.setAttribute("open", "");
    close.focus();
  }

  function named(id, text) {
    return el("span", {}, [glyph(id), " " + text]);
  }

  function show(c, data, results) {
    results.textContent = "";
    results.className = results.className.replace(" anim", "");
    void results.offsetWidth;
    if (pick(c, "interaction.animationsEnabled", true)) results.className += " anim";
    var tips = pick(c, "interaction.tooltipEnabled", true);
    var image = el("img", { src: data.chart.url, alt: t.chartAlt });
    var zoom = el("button", { class: "zoom", type: "button", title: t.enlarge }, [image, el("span", { class: "vh", text: t.enlarge })]);
    var chart = el("div", { class: "chart" }, [zoom]);
    zoom.addEventListener("click", function () { fullView(data.chart.url, zoom); });
    image.addEventListener("error", function () { chart.replaceChildren(card(t.problem, t.image)); });
    results.appendChild(chart);
    var lists = el("div", {});
    if (pick(c, "widgetOptions.showAspects", true)) {
      var items = data.aspects.map(function (a) {
        var tip = a.transitPointName + " " + a.aspectName + " " + a.natalPointName + " · " + t.orb + " " + a.orb.toFixed(2) + "° · " + (a.applying ? t.applying : t.separating);
        return el("li", { title: tips ? tip : null, "data-aspect": a.transitPointId + "-" + a.aspect + "-" + a.natalPointId }, [
          el("span", {}, [named(a.transitPointId, a.transitPointName), " ", glyph(a.aspect), " " + a.aspectName + " ", named(a.natalPointId, a.natalPointName)]),
          el("span", { class: "x" }, [
            t.orb + " " + a.orb.toFixed(1) + "° ",
            el("span", { class: a.applying ? "ap" : "sp", text: a.applying ? t.applying : t.separating })
          ])
        ]);
      });
      lists.appendChild(el("h3", { text: t.aspects }));
      lists.appendChild(items.length ? el("ul", { class: "l aspects" }, items) : el("p", { class: "x", text: t.none }));
    }
    if (pick(c, "widgetOptions.showPoints", false)) {
      var showHouses = pick(c, "widgetOptions.showHouses", true);
      lists.appendChild(el("h3", { text: t.positions }));
      lists.appendChild(el("ul", { class: "l points" }, data.transits.map(function (p) {
        var where = p.signName + " " + Math.floor(p.degreesInSign) + "°" + pad(Math.floor((p.degreesInSign % 1) * 60)) + "′";
        return el("li", {}, [
          el("span", {}, [named(p.pointId, p.name), p.retrograde ? el("span", { title: t.retro, text: " ℞" }) : null]),
          el("span", { class: "x", text: where + (showHouses ? " · " + t.house + " " + p.house : "") })
        ]);
      })));
    }
    results.appendChild(lists);
    var url = pick(c, "interaction.clickThroughUrl");
    if (pick(c, "interaction.clickThroughEnabled", false) && /^https:\/\//.test(url || "")) {
      lists.appendChild(el("a", { class: "more", href: url, target: "_blank", rel: "noopener noreferrer", text: t.more }));
    }
  }
})();
