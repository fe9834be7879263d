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

  var TEXT = {
    en: {
      title: "Your transits", birthDate: "Birth date", birthTime: "Birth time", place: "Birth place (optional)",
      latitude: "Latitude", longitude: "Longitude", timezone: "Time zone", transit: "Transits for",
      submit: "Show my transits", busy: "Calculating…", aspects: "Transits to your chart", positions: "Planets now",
      none: "No transit within 1° at this moment.", orb: "orb", applying: "applying", separating: "separating",
      house: "house", retro: "retrograde", chartAlt: "Transit chart wheel", more: "Get your full reading",
      powered: "Powered by Astrology API", missing: "This widget does not exist. Check the data-widget-id of the embed.",
      disabled: "This widget is turned off.", site: "This widget is not enabled for this website.",
      unavailable: "This widget is not available on the current plan.", network: "The service could not be reached. Try again.",
      image: "The chart image could not be loaded.", busyLimit: "Too many requests. Try again in a minute."
    },
    es: {
      title: "Tus tránsitos", birthDate: "Fecha de nacimiento", birthTime: "Hora de nacimiento", place: "Lugar de nacimiento (opcional)",
      latitude: "Latitud", longitude: "Longitud", timezone: "Zona horaria", transit: "Tránsitos para",
      submit: "Ver mis tránsitos", busy: "Calculando…", aspects: "Tránsitos a tu carta", positions: "Planetas ahora",
      none: "Ningún tránsito a menos de 1° en este momento.", orb: "orbe", applying: "aplicativo", separating: "separativo",
      house: "casa", retro: "retrógrado", chartAlt: "Rueda de la carta de tránsitos", more: "Obtén tu lectura completa",
      powered: "Con la tecnología de Astrology API", missing: "Este widget no existe. Revisa el data-widget-id.",
      disabled: "Este widget está desactivado.", site: "Este widget no está habilitado para este sitio web.",
      unavailable: "Este widget no está disponible en el plan actual.", network: "No se pudo contactar con el servicio. Inténtalo de nuevo.",
      image: "No se pudo cargar la imagen de la carta.", busyLimit: "Demasiadas solicitudes. Inténtalo dentro de un minuto."
    }
  };
  var t = TEXT.en;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) {
      if (attrs[name] === null || attrs[name] === undefined || attrs[name] === false) continue;
      if (name === "text") node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name] === true ? "" : attrs[name]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
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

  var BASE_CSS =
    ":host{all:initial;display:block}" +
    ".w{--p:#5b3fa8;--s:#8a77c9;--bg:#ffffff;--sf:#f6f4fb;--tx:#1f1a2e;--tx2:#5d5670;--bd:#d9d3ea;--er:#b3261e;--ok:#1e7d4f;--ac:#d98a1c;" +
    "--ff:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;--fs:15px;--fh:20px;--fsm:12.5px;--fw:400;--fb:650;" +
    "--r:10px;--bw:1px;--bs:solid;--pad:16px;--m:0px;--sh:0 2px 10px rgba(30,20,60,.12);" +
    "box-sizing:border-box;margin:var(--m);padding:var(--pad);background:var(--bg);color:var(--tx);font-family:var(--ff);" +
    "font-size:var(--fs);font-weight:var(--fw);line-height:1.45;border:var(--bw) var(--bs) var(--bd);border-radius:var(--r);box-shadow:var(--sh);max-width:100%}" +
    ".w *{box-sizing:border-box}" +
    ".hd{display:flex;align-items:center;gap:10px;margin:0 0 12px}.hd img{max-height:32px;max-width:120px}" +
    "h2{font-size:var(--fh);font-weight:var(--fb);margin:0;color:var(--p)}h3{font-size:calc(var(--fs)*1.05);font-weight:var(--fb);margin:14px 0 6px}" +
    "form{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:10px}" +
    "label{display:flex;flex-direction:column;gap:3px;font-size:var(--fsm);color:var(--tx2)}" +
    "input{font:inherit;color:var(--tx);background:var(--sf);border:var(--bw) var(--bs) var(--bd);border-radius:calc(var(--r)*.6);padding:7px 9px;min-width:0}" +
    "input:focus{outline:2px solid var(--s);outline-offset:1px}" +
    "button{grid-column:1/-1;font:inherit;font-weight:var(--fb);color:#fff;background:var(--p);border:0;border-radius:calc(var(--r)*.6);padding:10px 14px;cursor:pointer}" +
    "button:disabled{opacity:.6;cursor:progress}" +
    ".msg{margin:10px 0 0;padding:10px 12px;border-radius:calc(var(--r)*.6);border:var(--bw) solid var(--er);color:var(--er);background:var(--sf)}" +
    ".res{margin-top:14px}.res.anim{animation:in .35s ease-out}@keyframes in{from{opacity:0;transform:translateY(6px)}to{opacity:1}}" +
    "@media (prefers-reduced-motion:reduce){.res.anim{animation:none}}" +
    ".chart{text-align:center}.chart img{width:100%;max-width:var(--cs,480px);height:auto;border-radius:calc(var(--r)*.6)}" +
    "ul{list-style:none;margin:0;padding:0}li{padding:6px 8px;border-bottom:1px solid var(--bd);display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}" +
    "li .x{color:var(--tx2);font-size:var(--fsm)}li .ap{color:var(--ac)}li .sp{color:var(--ok)}" +
    ".side .res{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px;align-items:start}" +
    ".compact{--pad:10px;--fs:13.5px}.compact form{grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:6px}" +
    ".more{display:inline-block;margin-top:12px;color:var(--p);font-weight:var(--fb)}" +
    ".ft{margin-top:12px;font-size:var(--fsm);color:var(--tx2);text-align:right}" +
    "@media (max-width:560px){.side .res{grid-template-columns:1fr}}";

  var DARK = { "--bg": "#16131f", "--sf": "#221d30", "--tx": "#ece8f6", "--tx2": "#a9a1bf", "--bd": "#3a3350", "--p": "#b29cff", "--s": "#7d68c7" };
  var COLOR_VARS = { primary: "--p", secondary: "--s", background: "--bg", surface: "--sf", text: "--tx", textSecondary: "--tx2", border: "--bd", error: "--er", success: "--ok", accent: "--ac" };
  var SHADOWS = { none: "none", small: "0 1px 4px rgba(0,0,0,.12)", medium: "0 2px 10px rgba(30,20,60,.14)", large: "0 8px 28px rgba(30,20,60,.22)" };
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

  var frame = el("div", { class: "w", part: "widget" });
  root.appendChild(el("style", { text: BASE_CSS }));
  root.appendChild(frame);

  function message(text) { return el("div", { class: "msg", role: "alert", text: text }); }
  function fail(text) {
    frame.textContent = "";
    frame.appendChild(message(text));
  }

  if (!widgetId) return fail(t.missing);
  fetch(api + "/widget/config/" + encodeURIComponent(widgetId), { credentials: "omit" })
    .then(function (response) {
      return response.json().then(function (body) { return { status: response.status, body: body }; });
    })
    .then(function (answer) {
      if (answer.status === 404) return fail(t.missing);
      var attributes = pick(answer.body, "data.attributes", null);
      if (!attributes) return fail(pick(answer.body, "errors.0.detail", t.network));
      var c = attributes.customization || {};
      t = TEXT[c.language] || TEXT.en;
      applyStyle(frame, c);
      if (c.customCss) root.appendChild(el("style", { text: c.customCss }));
      var reasons = { disabled: t.disabled, site_not_allowed: t.site, unavailable: t.unavailable };
      if (attributes.status !== "ready") return fail(reasons[attributes.status] || t.network);
      render(c, attributes.name);
    })
    .catch(function () { fail(t.network); });

  function field(label, attrs) {
    return el("label", {}, [document.createTextNode(label), el("input", attrs)]);
  }

  function render(c, name) {
    frame.textContent = "";
    var variant = pick(c, "layout.variant", "stacked");
    frame.className = "w" + (variant === "side-by-side" ? " side" : variant === "compact" ? " compact" : "");
    var company = pick(c, "branding.companyName");
    var logo = pick(c, "branding.logoUrl");
    frame.appendChild(el("div", { class: "hd" }, [logo ? el("img", { src: logo, alt: company || "" }) : null, el("h2", { text: company || name || t.title })]));
    var zone = browserZone();
    var form = el("form", { novalidate: true }, [
      field(t.birthDate, { name: "date", type: "date", required: true, min: "1800-01-01", max: "2399-12-31" }),
      field(t.birthTime, { name: "time", type: "time", required: true, value: "12:00" }),
      field(t.place, { name: "place", type: "text", maxlength: "200", autocomplete: "off" }),
      field(t.latitude, { name: "latitude", type: "number", step: "any", min: "-90", max: "90", required: true }),
      field(t.longitude, { name: "longitude", type: "number", step: "any", min: "-180", max: "180", required: true }),
      field(t.timezone, { name: "timezone", type: "text", required: true, value: zone }),
      field(t.transit, { name: "transit", type: "datetime-local", required: true, value: localNow() }),
      el("button", { type: "submit", text: t.submit })
    ]);
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
      if (!form.checkValidity()) {
        var bad = Array.prototype.filter.call(form.elements, function (e) { return e.willValidate && !e.checkValidity(); })[0];
        status.appendChild(message((bad && bad.parentNode.firstChild.textContent + ": " + bad.validationMessage) || t.network));
        return;
      }
      var body = {
        birthData: { dateTime: v("date") + "T" + v("time"), latitude: Number(v("latitude")), longitude: Number(v("longitude")), timezone: v("timezone") },
        transitDateTime: v("transit").slice(0, 16),
        transitTimezone: zone
      };
      if (v("place")) body.birthData.placeName = v("place");
      var button = form.querySelector("button");
      button.disabled = true;
      button.textContent = t.busy;
      fetch(api + "/api/widget-api/transit/" + encodeURIComponent(widgetId), {
        method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
      })
        .then(function (response) {
          return response.json().then(function (b) { return { status: response.status, body: b }; });
        })
        .then(function (answer) {
          if (answer.status !== 200) {
            var errors = (answer.body && answer.body.errors) || [];
            var text = answer.status === 429 ? t.busyLimit : errors.map(function (e) {
              var pointer = (e.source && e.source.pointer) || "";
              return (pointer ? pointer.split("/").pop() + ": " : "") + (e.detail || e.title);
            }).join(" · ");
            status.appendChild(message(text || t.network));
            return;
          }
          show(c, answer.body.data, results);
        })
        .catch(function () { status.appendChild(message(t.network)); })
        .then(function () { button.disabled = false; button.textContent = t.submit; });
    });
  }

  function show(c, data, results) {
    results.textContent = "";
    results.className = results.className.replace(" anim", "") ;
    void results.offsetWidth;
    if (pick(c, "interaction.animationsEnabled", true)) results.className += " anim";
    var tips = pick(c, "interaction.tooltipEnabled", true);
    var image = el("img", { src: data.chart.url, alt: t.chartAlt, loading: "lazy" });
    var chart = el("div", { class: "chart" }, [image]);
    image.addEventListener("error", function () { chart.replaceChildren(message(t.image)); });
    results.appendChild(chart);
    var lists = el("div", {});
    if (pick(c, "widgetOptions.showAspects", true)) {
      var items = data.aspects.map(function (a) {
        var tip = a.transitPointName + " " + a.aspectName + " " + a.natalPointName + " · " + t.orb + " " + a.orb.toFixed(2) + "° · " + (a.applying ? t.applying : t.separating);
        return el("li", { title: tips ? tip : null, "data-aspect": a.transitPointId + "-" + a.aspect + "-" + a.natalPointId }, [
          el("span", { text: a.transitPointName + " " + a.aspectName + " " + a.natalPointName }),
          el("span", { class: "x" }, [
            document.createTextNode(t.orb + " " + a.orb.toFixed(1) + "° "),
            el("span", { class: a.applying ? "ap" : "sp", text: a.applying ? t.applying : t.separating })
          ])
        ]);
      });
      lists.appendChild(el("h3", { text: t.aspects }));
      lists.appendChild(items.length ? el("ul", { class: "aspects" }, items) : el("p", { class: "x", text: t.none }));
    }
    if (pick(c, "widgetOptions.showPoints", false)) {
      var showHouses = pick(c, "widgetOptions.showHouses", true);
      lists.appendChild(el("h3", { text: t.positions }));
      lists.appendChild(el("ul", { class: "points" }, data.transits.map(function (p) {
        var where = p.signName + " " + Math.floor(p.degreesInSign) + "°" + pad(Math.floor((p.degreesInSign % 1) * 60)) + "′";
        return el("li", {}, [
          el("span", { text: p.name + (p.retrograde ? " ℞" : "") }),
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
