// Words the tournament pages share: systems and statuses as a reader sees them.
import { t } from "./ui.js";

export function systemName(system) {
  return { swiss: t("Swiss"), round_robin: t("Round robin") }[system] || system;
}

export function statusName(status) {
  return {
    signup: t("taking sign-ups"),
    running: t("under way"),
    finished: t("finished"),
  }[status] || status;
}
