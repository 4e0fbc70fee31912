// Interface strings: t("English text {name}", {name}) returns the text in the reader's
// language (English until the catalogues are loaded), with {placeholders} filled in.
// Every visible string of the interface goes through t(), so the translation test can
// find them all.

let catalogue = {};

export function setCatalogue(messages) {
  catalogue = messages || {};
}

export function t(msgid, params = {}) {
  const text = catalogue[msgid] || msgid;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
