// The host's invitations at a table that is not over (issue 20 item 1): invite a player
// by name, make invitation links (optionally single-use), copy or withdraw them; the
// members of a private table. Others see the members only.
import { del, get, post } from "./api.js";
import { attempt, fill, h, t, toast } from "./ui.js";

/** Draw the panel for `table` into `box`; resolves with the members' answer (or null). */
export async function renderInvitePanel(box, table, player) {
  if (!player || !["open", "running"].includes(table.status)) {
    box.hidden = true;
    return null;
  }
  const data = await attempt(() => get(`/api/tables/${table.id}/members`));
  if (!data) return null;
  const host = Array.isArray(data.links);
  box.hidden = !host && !data.private;
  if (box.hidden) return data;
  const redraw = () => renderInvitePanel(box, table, player);
  const name = h("input", { id: "invite-by-name", maxlength: 24, required: true, placeholder: t("Player name"), "aria-label": t("Player name") });
  const once = h("input", { type: "checkbox", id: "link-single-use" });
  fill(
    box,
    h("h2", {}, data.private ? t("Private table") : t("Invitations")),
    data.private ? h("p.muted", {}, t("Only the people invited see this table and may sit at it.")) : null,
    data.members.length ? h("p.members", {}, t("Invited:"), " ", data.members.map((m) => m.name).join(", ")) : null,
    host ? h("form.invite-form", {
      onsubmit: async (event) => {
        event.preventDefault();
        if (await attempt(() => post(`/api/tables/${table.id}/invitations`, { name: name.value.trim() }))) {
          toast(t("{name} is invited.", { name: name.value.trim() }), "info");
          redraw();
        }
      },
    }, name, " ", h("button", { type: "submit" }, t("Invite"))) : null,
    host ? h("div.links", {},
      h("ul.link-list", {}, data.links.map((link) => linkItem(table, link, redraw))),
      h("label.inline", {}, once, " ", t("single-use")), " ",
      h("button", {
        type: "button", id: "make-link",
        onclick: async () => { if (await attempt(() => post(`/api/tables/${table.id}/links`, { single_use: once.checked }))) redraw(); },
      }, t("Make an invitation link"))) : null,
  );
  return data;
}

function linkItem(table, link, redraw) {
  const url = new URL(link.url, location.href).href;
  return h("li.invite-link", { dataset: { link: String(link.id) } },
    h("input", { type: "text", readonly: true, value: url, class: "link-url", "aria-label": t("Invitation link"), onfocus: (e) => e.target.select() }),
    link.single_use ? h("span.badge", {}, t("single-use")) : null, " ",
    h("button.quiet", { type: "button", onclick: () => navigator.clipboard?.writeText(url).then(() => toast(t("Link copied."), "info")) }, t("Copy")), " ",
    h("button.quiet", {
      type: "button", onclick: async () => { if (await attempt(() => del(`/api/tables/${table.id}/links/${link.id}`))) redraw(); },
    }, t("Withdraw")));
}
