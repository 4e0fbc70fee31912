// Links to the rating pages (issue 10): a player's page and a game's leaderboard.
import { h } from "./ui.js";

export function playerUrl(name) {
  return `/player?name=${encodeURIComponent(name)}`;
}

export function leaderboardUrl(game) {
  return `/leaderboard/${encodeURIComponent(game)}`;
}

/** A person's name as a link to their page. */
export function playerLink(name, attrs = {}) {
  return h("a.player-link", { href: playerUrl(name), ...attrs }, name);
}

/** A rating change as text: "+12", "−7", "±0". */
export function signed(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}
