// esscribe's workbench: every view has its own address (#/...), read from
// the JSON API of the server that serves this page. Reads only.
"use strict";

const main = document.getElementById("main");

function esc(text) {
  return String(text).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}
const enc = encodeURIComponent;

async function api(path) {
  const response = await fetch(path);
  const body = await response.json().catch(() => ({error: response.statusText}));
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function show(html) { main.innerHTML = html; }
function fail(error) { show(`<p class="error">${esc(error.message || error)}</p>`); }
function recordHref(link) { return "#/record/" + link.split("/").map(enc).join("/"); }
function refHtml(v) {
  return v.link ? `<a class="ref" href="${recordHref(v.link)}">${esc(v.ref)}</a>` : `<span class="ref">${esc(v.ref)}</span>`;
}
function query(params) {
  const q = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "").map(([k, v]) => `${k}=${enc(v)}`);
  return q.length ? "?" + q.join("&") : "";
}

// ---- load order -----------------------------------------------------------
async function loadOrderView() {
  const o = await api("/api/order");
  let html = `<h1>Load order <span class="muted">(${esc(o.game)}, ${o.plugins.length} plugins)</span></h1>`;
  if (o.problems.length) {
    html += `<ul class="problems">${o.problems.map(p => `<li>${esc(p)}</li>`).join("")}</ul>`;
  }
  html += `<table id="load-order"><tr><th class="num">#</th><th>Slot</th><th>Plugin</th><th>Flags</th><th class="num">Records</th><th>Masters</th><th></th></tr>`;
  for (const p of o.plugins) {
    const flags = (p.master ? `<span class="tag master">master</span>` : "") + (p.light ? `<span class="tag light">light</span>` : "");
    const masters = p.masters.map(m => m.present ? esc(m.name) : `<span class="missing" title="not in the load order">${esc(m.name)} (missing)</span>`).join(", ");
    html += `<tr><td class="num">${p.index}</td><td class="mono">${esc(p.slot)}</td>
      <td><a href="#/plugin/${enc(p.name)}">${esc(p.name)}</a></td><td>${flags}</td>
      <td class="num">${p.records.toLocaleString("en")}</td><td>${masters || '<span class="muted">none</span>'}</td>
      <td><a href="#/conflicts/${enc(p.name)}">conflicts</a></td></tr>`;
  }
  html += `</table>
    <form class="filters" id="lookup"><label>Find a record <input name="q" placeholder="editor ID, form ID, or Plugin.esp:02EE72" size="40"></label>
    <button>Go</button> <span id="lookup-result" class="muted"></span></form>`;
  if (o.saves.length) {
    html += `<h2>Saves</h2><ul>${o.saves.map(s => `<li><a href="#/save/${s.index}">${esc(s.name)}</a></li>`).join("")}</ul>`;
  }
  show(html);
  document.getElementById("lookup").addEventListener("submit", async e => {
    e.preventDefault();
    const q = new FormData(e.target).get("q");
    try {
      const found = await api(`/api/lookup?q=${enc(q)}`);
      location.hash = recordHref(found.link);
    } catch (error) {
      document.getElementById("lookup-result").textContent = error.message;
    }
  });
}

// ---- record browser -------------------------------------------------------
async function pluginView(plugin, params) {
  const page = Number(params.get("page") || 0);
  const node = params.get("node") || "";
  const type = params.get("type") || "";
  const q = params.get("q") || "";
  const limit = 100;
  const [top, list] = await Promise.all([
    api(`/api/tree/${enc(plugin)}`),
    api(`/api/records/${enc(plugin)}${query({node, type, q, offset: page * limit, limit})}`),
  ]);
  const here = (changes) => {
    const p = {node, type, q, page: 0, ...changes};
    if (!p.page) delete p.page;
    return `#/plugin/${enc(plugin)}${query(p)}`;
  };
  const types = top.groups.filter(g => /^[A-Z0-9_]{4}$/.test(g.label)).map(g => g.label);
  let html = `<h1>${esc(plugin)} <span class="muted">records</span> <a class="muted" href="#/conflicts/${enc(plugin)}">conflicts</a></h1>
    <div class="browser"><nav class="tree" id="tree"><ul>${treeItems(plugin, top, node, here)}</ul></nav><section>
    <form class="filters" id="filters">
      <label>Type <select name="type"><option value="">all</option>${types.map(t => `<option${t === type ? " selected" : ""}>${esc(t)}</option>`).join("")}</select></label>
      <label>Search <input name="q" value="${esc(q)}" placeholder="editor ID or form ID"></label>
      <button>Filter</button>${node ? ` <a href="${here({node: ""})}">whole plugin</a>` : ""}
    </form>`;
  const from = list.total ? list.offset + 1 : 0;
  const to = list.offset + list.records.length;
  const pager = `<div class="pager"><span>${from.toLocaleString("en")}–${to.toLocaleString("en")} of ${list.total.toLocaleString("en")}</span>
    ${page > 0 ? `<a href="${here({page: page - 1})}">← previous</a>` : ""}
    ${to < list.total ? `<a href="${here({page: page + 1})}">next →</a>` : ""}</div>`;
  html += pager + `<table id="records"><tr><th>Type</th><th>Form ID</th><th>Editor ID</th></tr>`;
  for (const r of list.records) {
    html += `<tr><td class="mono">${esc(r.type)}</td><td class="mono"><a href="#/record/${enc(plugin)}/${r.form_id}">${r.form_id}</a></td>
      <td>${esc(r.editor_id)}${r.deleted ? ' <span class="tag">deleted</span>' : ""}</td></tr>`;
  }
  html += `</table>` + pager + `</section></div>`;
  show(html);
  document.getElementById("filters").addEventListener("submit", e => {
    e.preventDefault();
    const f = new FormData(e.target);
    location.hash = here({type: f.get("type"), q: f.get("q")});
  });
  const tree = document.getElementById("tree");
  const open = async (toggle) => {
    if (!toggle || toggle.dataset.loaded || !toggle.dataset.path) return;
    toggle.dataset.loaded = "1";
    toggle.textContent = "▾";
    const sub = await api(`/api/tree/${enc(plugin)}?node=${enc(toggle.dataset.path)}`);
    toggle.parentElement.insertAdjacentHTML("beforeend", `<ul>${treeItems(plugin, sub, node, here)}</ul>`);
  };
  tree.addEventListener("click", e => open(e.target.closest(".toggle")));
  // The group shown is opened in the tree, down from the top.
  const steps = node ? node.split(".") : [];
  for (let k = 1; k < steps.length; k++) {
    await open(tree.querySelector(`.toggle[data-path="${steps.slice(0, k).join(".")}"]`));
  }
}

function treeItems(plugin, list, current, here) {
  const more = list.more ? `<li class="muted">… ${list.more.toLocaleString("en")} more groups: filter or search to reach their records</li>` : "";
  return list.groups.map(g => treeItem(plugin, g, current, here)).join("") + more;
}

function treeItem(plugin, g, current, here) {
  const toggle = g.groups ? `<span class="toggle" data-path="${esc(g.path)}">▸</span>` : `<span class="toggle"></span>`;
  return `<li>${toggle}<a class="${g.path === current ? "on" : ""}" title="${esc(g.label)}" href="${here({node: g.path, type: "", q: ""})}">${esc(g.label)}</a>
    <span class="muted">${g.records.toLocaleString("en")}</span></li>`;
}

// ---- one record -----------------------------------------------------------
function isRef(v) { return v && typeof v === "object" && !Array.isArray(v) && "ref" in v && "link" in v; }

function valueHtml(v, key) {
  if (v === null || v === undefined) return `<span class="muted">none</span>`;
  if (isRef(v)) return refHtml(v);
  if (Array.isArray(v)) {
    if (!v.length) return `<span class="muted">empty</span>`;
    if (v.every(x => x === null || typeof x !== "object")) return esc(v.join(", "));
    return `<dl class="fields">${v.map((x, i) => `<dt>${i}</dt><dd>${valueHtml(x)}</dd>`).join("")}</dl>`;
  }
  if (typeof v === "object") {
    const keys = Object.keys(v);
    if (!keys.length) return `<span class="muted">empty</span>`;
    return `<dl class="fields">${keys.map(k => `<dt>${esc(k)}</dt><dd>${valueHtml(v[k], k)}</dd>`).join("")}</dl>`;
  }
  if (typeof v === "string" && key && /hex$/.test(key)) return `<span class="hex">${esc(v.replace(/(..)(?=.)/g, "$1 "))}</span>`;
  return esc(v);
}

function procedureLabel(node) {
  const parts = [];
  if (node.procedure) parts.push(`<span class="branch">${esc(node.procedure)}</span>`);
  const conditions = (node.conditions || []).map(c => c.condition || c).filter(c => c.function)
    .map(c => `${c.function} ${(c.type && c.type.operator) || ""} ${c.comparison_value ?? ""}`.trim());
  if (conditions.length) parts.push(`if ${conditions.map(esc).join(" and ")}`);
  if (node.flags && node.flags.length) parts.push(esc(node.flags.join(", ").replace(/_/g, " ")));
  if (node.activity_ids && node.activity_ids.length) parts.push(`activities ${esc(node.activity_ids.filter(i => i !== 255).join(", "))}`);
  return `<span class="branch">${esc(node.branch_type || "")}</span> ${parts.join(" · ")}`;
}

function procedureTree(nodes) {
  if (!Array.isArray(nodes) || !nodes.length) return "";
  return `<ul>${nodes.map(n => `<li>${procedureLabel(n)}${procedureTree(n.children)}</li>`).join("")}</ul>`;
}

function packageHtml(pkg, fields) {
  let html = `<div class="package" id="package"><h2>AI package</h2><dl class="fields">
    <dt>kind</dt><dd>${esc(pkg.kind)}</dd>
    <dt>schedule</dt><dd id="schedule">${esc(pkg.schedule)}</dd>
    <dt>location</dt><dd>${esc(pkg.location || "none")}</dd>
    <dt>target</dt><dd>${esc(pkg.target || "none")}</dd>
    <dt>template</dt><dd>${esc(pkg.template || "none")}</dd>
    <dt>conditions</dt><dd>${esc(pkg.conditions)}</dd></dl>`;
  const tree = fields && fields.procedure_tree;
  if (Array.isArray(tree) && tree.length) {
    html += `<h2>Procedure tree</h2><div class="ptree" id="procedure-tree">${procedureTree(tree)}</div>`;
  }
  return html + `</div>`;
}

async function recordView(plugin, id) {
  const r = await api(`/api/record/${enc(plugin)}/${enc(id)}`);
  let html = `<h1>${esc(r.described)}</h1><dl class="fields">
    <dt>plugin</dt><dd><a href="#/plugin/${enc(r.plugin)}">${esc(r.plugin)}</a></dd>
    <dt>form ID</dt><dd class="mono">${esc(r.form_id)} <span class="muted">(in the load order: ${esc(r.load_order_id)})</span></dd>
    <dt>type</dt><dd class="mono">${esc(r.type)}</dd><dt>flags</dt><dd class="mono">${esc(r.flags)}</dd>
    <dt>versions</dt><dd>${r.versions.map(v => `<a href="#/record/${enc(v.plugin)}/${v.form_id}">${esc(v.plugin)}</a>`).join(" → ")}
      ${r.versions.length > 1 ? ` · <a href="#/conflict/${enc(r.plugin)}/${r.form_id}">compare side by side</a>` : ""}</dd></dl>`;
  if (r.package) html += packageHtml(r.package, r.record && r.record.fields);
  if (r.too_large) {
    html += `<p class="error">${r.size.toLocaleString("en")} bytes: larger than ${r.too_large.limit.toLocaleString("en")}, not decoded here. The first bytes:</p><p class="hex">${esc(r.too_large.hex)}</p>`;
  }
  if (r.error) html += `<p class="error">${esc(r.error)}</p>`;
  if (r.warnings && r.warnings.length) html += `<ul class="muted">${r.warnings.map(w => `<li>${esc(w)}</li>`).join("")}</ul>`;
  if (r.record) html += `<h2>Fields</h2><div id="fields">${valueHtml(r.record.fields || r.record)}</div>`;
  html += `<h2>Referenced by</h2><div id="referenced-by"><p class="muted">Searching the load order…</p></div>`;
  show(html);
  // Searched after the record is shown: the whole load order is read.
  const box = document.getElementById("referenced-by");
  try {
    const refs = await api(`/api/refs/${enc(plugin)}/${enc(id)}`);
    box.innerHTML = refs.total === 0 ? `<p class="muted">No record of the load order refers to it.</p>` :
      `<table id="refs"><tr><th>Record</th><th>Plugin</th><th>Fields</th></tr>${refs.records.map(x =>
        `<tr><td>${x.link ? `<a href="${recordHref(x.link)}">${esc(x.record)}</a>` : esc(x.record)}</td><td>${esc(x.plugin)}</td>
        <td class="mono">${esc(x.fields.join(", "))}</td></tr>`).join("")}</table>
        ${refs.total > refs.records.length ? `<p class="muted">The first ${refs.records.length} of ${refs.total}.</p>` : ""}`;
  } catch (e) {
    box.innerHTML = `<p class="muted">${esc(e.message)}</p>`;
  }
}

// ---- conflicts ------------------------------------------------------------
async function conflictsView(plugin, params) {
  const page = Number(params.get("page") || 0);
  const limit = 200;
  const c = await api(`/api/conflicts/${enc(plugin)}${query({offset: page * limit, limit})}`);
  const counts = Object.entries(c.counts).map(([k, n]) => `${n} ${esc(k)}`).join(", ");
  let html = `<h1>Conflicts of ${esc(c.plugin)}</h1><p>${c.total} records that other plugins touch too${counts ? ": " + counts : ""}.</p>
    <table id="conflicts"><tr><th>Record</th><th>Category</th><th>Versions (load order)</th><th>Winner</th></tr>`;
  for (const r of c.records) {
    const href = r.link ? `#/conflict/${r.link.split("/").map(enc).join("/")}` : "";
    html += `<tr><td>${href ? `<a href="${href}">${esc(r.record)}</a>` : esc(r.record)}</td>
      <td><span class="tag ${esc(r.category)}">${esc(r.category_text)}</span></td>
      <td>${r.chain.map(versionHtml).join(" → ")}</td><td>${esc(r.winner)}</td></tr>`;
  }
  html += `</table>`;
  const to = c.offset + c.records.length;
  html += `<div class="pager">${page > 0 ? `<a href="#/conflicts/${enc(plugin)}?page=${page - 1}">← previous</a>` : ""}
    ${to < c.total ? `<a href="#/conflicts/${enc(plugin)}?page=${page + 1}">next →</a>` : ""}</div>`;
  show(html);
}

function versionHtml(v) {
  const notes = (v.itm ? " (ITM)" : "") + (v.deleted ? " (deleted)" : "");
  return v.loaded ? esc(v.plugin + notes) : `<span class="missing" title="not in the load order">${esc(v.plugin)} (missing)</span>`;
}

async function conflictView(plugin, id, params) {
  const c = await api(`/api/conflict/${enc(plugin)}/${enc(id)}`);
  const differing = c.rows.filter(r => r.differs).length;
  const onlyDiffering = params.get("only") === "differing";
  const here = `#/conflict/${enc(plugin)}/${enc(id)}`;
  let html = `<h1>${esc(c.record)}</h1><p>${c.category ? `<span class="tag">${esc(c.category)}</span> ` : ""}
    ${c.versions.length} versions, ${differing} differing fields highlighted; the last plugin wins.
    ${onlyDiffering ? `<a href="${here}">Show every field</a>` : `<a href="${here}?only=differing">Show only the differing fields</a>`}
    ${c.absent_master ? `Defined in <span class="missing">${esc(c.absent_master)} (missing)</span>.` : ""}</p>`;
  if (c.lost.length) html += `<p class="error">The winner drops: ${c.lost.map(l => `${esc(l.path)} from ${esc(l.plugin)}`).join("; ")}</p>`;
  html += `<table class="side" id="side-by-side"><tr><th>Field</th>${c.versions.map(v =>
    `<th class="${v.winner ? "winner" : ""}"><a href="#/record/${enc(v.plugin)}/${v.form_id}">${esc(v.plugin)}</a>${v.winner ? " ★ winner" : ""}</th>`).join("")}</tr>`;
  for (const row of c.rows) {
    if (onlyDiffering && !row.differs) continue;
    html += `<tr class="${row.differs ? "differs" : ""}"><td class="path">${esc(row.path)}</td>${row.values.map((v, i) =>
      `<td class="${c.versions[i].winner ? "winner" : ""}">${v === null ? '<span class="muted">—</span>' : esc(v)}</td>`).join("")}</tr>`;
  }
  html += `</table>${c.truncated ? `<p class="muted">Only the first rows are shown.</p>` : ""}`;
  show(html);
}

// ---- save -----------------------------------------------------------------
async function saveView(index) {
  const s = await api(`/api/save/${enc(index)}`);
  const skyrim = (s.game || "").startsWith("Skyrim");
  const plugins = list => list.map(p => p.served ? `<a href="#/plugin/${enc(p.name)}">${esc(p.name)}</a>` : esc(p.name)).join(", ");
  let html = `<h1>${esc(s.file)}${skyrim ? ` <span class="muted">(${esc(s.game)})</span>` : ""}</h1><div class="save"><section><dl class="fields" id="save-info">
    <dt>player</dt><dd id="player">${esc(s.player.name)}, level ${esc(s.player.level)}</dd>
    <dt>place</dt><dd>${esc(s.player.location)}</dd>`;
  if (skyrim) {
    html += `<dt>race</dt><dd>${esc(s.player.race)}, ${esc(s.player.sex)}</dd>
    <dt>game date</dt><dd>${esc(s.game_date)}</dd><dt>saved</dt><dd>${esc(s.saved_at)}</dd>
    <dt>save number</dt><dd>${esc(s.save_number)}</dd>
    <dt>plugins</dt><dd id="plugins">${plugins(s.plugins)}</dd>
    <dt>light plugins</dt><dd id="light-plugins">${s.light_plugins.length ? plugins(s.light_plugins) : '<span class="muted">none</span>'}</dd>
    <dt>scripts</dt><dd id="papyrus">${s.papyrus && s.papyrus.instances !== undefined
      ? `${s.papyrus.instances.toLocaleString("en")} script instances of ${s.papyrus.scripts.toLocaleString("en")} scripts, ${s.papyrus.active_scripts.toLocaleString("en")} active`
      : esc((s.papyrus && s.papyrus.error) || "not read")}</dd></dl>`;
  } else {
    const time = `${Math.floor(s.play_time_seconds / 3600)}:${String(Math.floor(s.play_time_seconds / 60) % 60).padStart(2, "0")}`;
    html += `<dt>game date</dt><dd>${esc(s.game_date || "")} <span class="muted">(day ${esc(Math.floor(s.game_days))})</span></dd>
    <dt>play time</dt><dd>${time}</dd><dt>saved</dt><dd>${esc(s.saved_at)}</dd>
    <dt>save number</dt><dd>${esc(s.save_number)}</dd>
    <dt>plugins</dt><dd>${plugins(s.plugins)}</dd>
    <dt>created records</dt><dd>${esc(s.created_records)}</dd></dl>`;
  }
  html += `<h2>Change records by type</h2><table id="change-records"><tr><th>Type</th><th class="num">Records</th></tr>
    ${Object.entries(s.change_records).map(([t, n]) => `<tr><td>${esc(t)}</td><td class="num">${n.toLocaleString("en")}</td></tr>`).join("")}</table></section>
    <section><h2>Screenshot <span class="muted">${s.screenshot.width}×${s.screenshot.height}</span></h2>
    <img class="shot" id="screenshot" alt="the save's screenshot" src="/api/save/${enc(index)}/screenshot.png"></section></div>`;
  if (skyrim) {
    html += `<p class="muted" id="inventory-note">The player's inventory is not shown: in a Skyrim save it follows extra data whose layout is not documented, so it is kept as bytes.</p>`;
  } else {
    html += `<h2>Inventory <span class="muted">(the player's changes: ${s.inventory_total} entries${s.inventory_total > s.inventory.length ? `, the first ${s.inventory.length} shown` : ""})</span></h2>
    <table id="inventory"><tr><th>Form ID</th><th>Plugin</th><th class="num">Count</th><th>Item</th><th>Properties</th></tr>`;
    for (const item of s.inventory) {
      const name = item.record || (item.name ? `"${item.name}"` + (item.type ? ` [${item.type}]` : "") : "");
      html += `<tr><td class="mono">${esc(item.form_id || item.iref)}</td><td>${esc(item.plugin || "")}</td>
      <td class="num">${esc(item.count)}</td><td>${esc(name)}</td><td class="muted">${esc(item.properties || "")}</td></tr>`;
    }
    html += `</table>`;
  }
  show(html);
  // Marks the image once shown, with its size: what a reader (or a test)
  // can check without looking at pixels.
  const shot = document.getElementById("screenshot");
  const mark = () => { if (shot.naturalWidth) shot.dataset.shown = `${shot.naturalWidth}x${shot.naturalHeight}`; };
  if (shot.complete) mark(); else shot.addEventListener("load", mark);
}

// ---- merged patch ----------------------------------------------------------
async function patchView() {
  const p = await api("/api/patch");
  const r = p.report;
  const files = p.files.map(f => `${esc(f.name)} <span class="muted">(${f.records} records, masters ${f.masters.map(esc).join(", ")}${f.light ? ", light" : ""})</span>`);
  let html = `<h1>Merged patch <span class="muted">(${r.records.length} records)</span></h1>
    <p>${files.length ? `esscribe patch would write ${files.join("; ")}.` : "Nothing needs merging: no record loses changes to the winning plugin."}</p>`;
  if (r.records.length) {
    html += `<table id="patch"><tr><th>Record</th><th>Winner</th><th>Merged from</th><th>The winner alone would lose</th></tr>`;
    for (const rec of r.records) {
      const from = rec.merged_from.map(c => `<li>${esc(c.plugin)}: ${esc(c.what)}</li>`).join("");
      const lost = rec.winner_would_lose.map(l => `<li>${esc(l)}</li>`).join("");
      html += `<tr><td>${esc(rec.record)}${rec.master_absent ? ` <span class="muted">(its master is not loaded: the union of the loaded versions)</span>` : ""}</td>
      <td>${esc(rec.winner)}</td><td><ul>${from}</ul></td><td><ul>${lost}</ul></td></tr>`;
    }
    html += `</table>`;
  }
  if (r.left_out.length) html += `<h2>Left out</h2><ul>${r.left_out.map(l => `<li>${esc(l)}</li>`).join("")}</ul>`;
  if (r.unknown_tags.length) html += `<h2>Tags not known</h2><ul>${r.unknown_tags.map(t => `<li>${esc(t)}</li>`).join("")}</ul>`;
  show(html);
}

// ---- routing --------------------------------------------------------------
async function route() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, search] = hash.split("?");
  const params = new URLSearchParams(search || "");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  try {
    switch (parts[0]) {
      case undefined: await loadOrderView(); break;
      case "plugin": await pluginView(parts[1], params); break;
      case "record": await recordView(parts[1], parts[2]); break;
      case "conflicts": await conflictsView(parts[1], params); break;
      case "conflict": await conflictView(parts[1], parts[2], params); break;
      case "save": await saveView(parts[1]); break;
      case "patch": await patchView(); break;
      default: show(`<p class="error">No such view: ${esc(hash)}</p>`);
    }
    const plugin = ["plugin", "record", "conflicts", "conflict"].includes(parts[0]) ? parts[1] : null;
    document.getElementById("nav").innerHTML = `<a href="#/">Load order</a><a href="#/patch">Merged patch</a>` + (plugin ?
      `<a href="#/plugin/${enc(plugin)}">${esc(plugin)}</a><a href="#/conflicts/${enc(plugin)}">its conflicts</a>` : "");
    document.body.dataset.view = parts[0] || "order";
    document.body.dataset.ready = "1";
  } catch (e) {
    fail(e);
    document.body.dataset.ready = "1";
  }
}

window.addEventListener("hashchange", route);
route();
