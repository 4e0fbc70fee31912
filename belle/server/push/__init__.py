"""Web Push: the VAPID keys (`keys`), sending "your turn" notices (`sender`), and the
HTTP side: subscriptions, the service worker, the manifest, the offline page (`routes`)."""
