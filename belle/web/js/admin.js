// The operator's page (/admin): sign in with the operator's password, read the open
// reports (resolve them, mute or ban their authors), mute or ban any name, close a table.
import { ApiError, api, get, post } from "./api.js";
import { fill, h, labelCells, t, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const CHANGES = {
  mute: { muted: true }, unmute: { muted: false }, ban: { banned: true }, unban: { banned: false },
};

async function load() {
  let data;
  try {
    data = await get("/api/admin/reports");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    throw err;
  }
  $("admin-signin").hidden = true;
  $("admin-main").hidden = false;
  renderReports(data.reports);
  renderSanctions(data.sanctions);
  return true;
}

function renderReports(reports) {
  fill($("reports").querySelector("tbody"), ...reports.map((r) => h(
    "tr",
    { dataset: { report: String(r.id) } },
    h("td", {}, r.table_id ? h("a", { href: `/table/${r.table_id}` }, t("table {id}", { id: r.table_id })) : t("lobby")),
    h("td.author", {}, r.author),
    h("td.line", {}, r.text),
    h("td", {}, r.reporter),
    h("td", {}, r.reason || "–"),
    h("td", {},
      h("button", { type: "button", dataset: { act: "mute" }, onclick: () => sanction(r.author, "mute") }, t("Mute")),
      " ",
      h("button", { type: "button", dataset: { act: "ban" }, onclick: () => sanction(r.author, "ban") }, t("Ban")),
      " ",
      h("button", { type: "button", dataset: { act: "resolve" }, onclick: () => resolve(r.id) }, t("Resolved"))),
  )));
  labelCells($("reports"));
  $("reports").hidden = !reports.length;
  $("reports-empty").hidden = !!reports.length;
}

function renderSanctions(rows) {
  fill($("sanctions"), ...rows.map((row) => h("li", { dataset: { name: row.name } },
    row.name, ": ", [row.muted ? t("muted") : null, row.banned ? t("banned") : null].filter(Boolean).join(", "))));
}

async function sanction(name, action) {
  try {
    await post(`/api/admin/players/${encodeURIComponent(name)}`, CHANGES[action]);
    await load();
  } catch (err) {
    toast(err.message);
  }
}

async function resolve(id) {
  try {
    await post(`/api/admin/reports/${id}/resolve`);
    await load();
  } catch (err) {
    toast(err.message);
  }
}

async function main() {
  $("admin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/admin/session", { password: $("admin-password").value });
      await load();
    } catch (err) {
      toast(err.message);
    }
  });
  for (const button of $("sanction-form").querySelectorAll("button[data-action]")) {
    button.addEventListener("click", () => sanction($("sanction-name").value.trim(), button.dataset.action));
  }
  $("close-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const id = $("close-table").value;
    try {
      const answer = await post(`/api/admin/tables/${id}/close`);
      toast(answer.status === "closed" ? t("Table {id} is closed.", { id }) : t("Table {id} is stopped.", { id }), "info");
    } catch (err) {
      toast(err.message);
    }
  });
  await load();
}

main().catch((err) => toast(err instanceof ApiError ? err.message : String(err)));
