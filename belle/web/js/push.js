// The installable app: registers the service worker (/sw.js: the offline page, Web
// Push), and, where the page has a #push-slot, a button that turns "your turn" notices
// on this device on or off (PUT / DELETE /api/me/push with the browser's subscription).
import { api, get } from "./api.js";
import { h, t, toast } from "./ui.js";

const supported = "serviceWorker" in navigator;

export const registration = supported
  ? navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null)
  : Promise.resolve(null);

function applicationServerKey(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function current() {
  const reg = await registration;
  return reg && reg.pushManager ? reg.pushManager.getSubscription() : null;
}

/** Subscribe this browser and tell the server; resolves true when notices are on. */
export async function enablePush() {
  const reg = await registration;
  if (!reg || !reg.pushManager) throw new Error(t("This browser cannot show notices from Belle."));
  if ((await Notification.requestPermission()) !== "granted") {
    throw new Error(t("Notices are blocked for Belle in this browser's settings."));
  }
  const { public_key: key } = await get("/api/push/key");
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) });
  await api("PUT", "/api/me/push", subscription.toJSON());
  return true;
}

export async function disablePush() {
  const subscription = await current();
  if (!subscription) return false;
  await api("DELETE", "/api/me/push", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
  return false;
}

async function renderButton(slot) {
  if (!supported || !("PushManager" in window)) return;
  let on = !!(await current());
  const button = h("button.push-toggle", { type: "button" });
  const label = () => {
    button.textContent = on ? t("Turn notices on this device: on") : t("Notify me on this device");
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", async () => {
    try {
      on = on ? await disablePush() : await enablePush();
    } catch (err) {
      toast(err.message);
    }
    label();
  });
  label();
  slot.replaceChildren(button);
}

const slot = typeof document !== "undefined" && document.getElementById("push-slot");
if (slot) renderButton(slot);
