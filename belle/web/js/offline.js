// The offline page (the service worker shows it when a page cannot load): back to the
// page that failed, or the lobby, as soon as the browser is online again.
//
// The listeners come first and the translation after: i18n.js waits for its catalogue
// (a top-level await, over a network that may be gone), and an "online" event fired
// while a static import waited for it would be missed, leaving the page offline for good.
const RETRY_MS = 5000;
const back = () => location.replace(location.pathname === "/offline" ? "/" : location.href);
document.getElementById("retry").addEventListener("click", back);
window.addEventListener("online", back);
// Already online when this page loads (the network came back while the page that failed
// was loading, or the server, not the network, is what is gone): no "online" event will
// come, so try again now and then; each failure brings this page back, and its timer.
if (navigator.onLine) setTimeout(back, RETRY_MS);
document.body.dataset.waitingFor = "online";
import("./i18n.js");
