// The lobby's notice settings (issue 10 item 4): a registered player's e-mail address
// and whether to get "your turn" e-mails at turn-based tables (PUT /api/me/email), and
// the "Next table waiting for me" button in the masthead.
import { api, get } from "./api.js";
import { t } from "./i18n.js";
import { nextTableButton } from "./notify.js";
import { attempt, fill, h, toast } from "./ui.js";

const $ = (id) => document.getElementById(id);

/** Show the settings and the button for `player` (null: signed out). */
export async function showAccount(player) {
  const slot = $("next-table-slot");
  if (slot) nextTableButton(slot, { signedIn: !!player });
  const box = $("notices");
  if (!box) return;
  box.hidden = !player;
  if (!player) return;
  if (!player.registered) {
    fill(box, h("h2", {}, t("E-mail notices")), h("p.muted", {}, t("Keep your name with a password to get an e-mail when it is your turn at a turn-based table.")));
    return;
  }
  const settings = await attempt(() => get("/api/me/email"));
  if (settings) renderForm(box, settings);
}

function renderForm(box, settings) {
  const address = h("input", {
    type: "email", id: "email", name: "email", value: settings.email || "", maxlength: "254",
    autocomplete: "email", placeholder: t("you@example.org"), "aria-label": t("E-mail address"),
  });
  const wanted = h("input", { type: "checkbox", id: "turn-notices", name: "turn_notices", checked: settings.email ? settings.turn_notices : true });
  const form = h(
    "form.stack",
    { id: "email-form", onsubmit: (event) => save(event, box, address, wanted) },
    h("label", {}, t("E-mail address"), " ", address),
    h("label.inline", {}, wanted, " ", t("E-mail me when it is my turn at a turn-based table")),
    h("button", { type: "submit" }, t("Save")),
  );
  fill(
    box,
    h("h2", {}, t("E-mail notices")),
    settings.mail_enabled ? null : h("p.muted", {}, t("This server sends no e-mail (no SMTP server is configured).")),
    form,
    h("p.muted", {}, t("Only you see this address. Leave it empty to forget it.")),
  );
}

async function save(event, box, address, wanted) {
  event.preventDefault();
  const email = address.value.trim() || null;
  const saved = await attempt(() => api("PUT", "/api/me/email", { email, turn_notices: wanted.checked }));
  if (!saved) return;
  toast(email ? t("Saved: notices go to {email}.", { email: saved.email }) : t("Your address is forgotten."), "info");
  renderForm(box, saved);
}
