// The offline page (the service worker shows it when a page cannot load): back to the
// page that failed, or the lobby, as soon as the browser is online again.
import "./i18n.js";

const back = () => location.replace(location.pathname === "/offline" ? "/" : location.href);
document.getElementById("retry").addEventListener("click", back);
window.addEventListener("online", back);
