// The page's language in the browser: the same gettext catalogue the server uses, fetched once as JSON
// (/i18n/<lang>.json). `gettext("Copy")` translates a text, `gettext("{name} joined", { name })` fills named holes
// after translating, `ngettext("{n} card", "{n} cards", n)` picks the plural form the language needs. The names are
// gettext's own, so `make messages` finds every call.
export const lang = document.documentElement.lang || 'en';

let messages = {};
if (lang !== 'en') {
  try {
    const response = await fetch(`/i18n/${lang}.json`);
    if (response.ok) messages = await response.json();
  } catch (err) {
    messages = {};  // offline or blocked: the English texts stay readable
  }
}

function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (hole, name) => (name in params ? String(params[name]) : hole)) : text;
}

export function gettext(text, params) {
  const found = messages[text];
  return fill(typeof found === 'string' && found ? found : text, params);
}

// gettext plural index per language, from the browser's own plural rules (CLDR categories).
const PLURAL_INDEX = {
  en: { one: 0, other: 1 },
  fr: { one: 0, many: 1, other: 1 },
  ru: { one: 0, few: 1, many: 2, other: 2 },
};
const pluralRules = new Intl.PluralRules(lang);

export function ngettext(singular, plural, n, params) {
  const found = messages[singular];
  const values = { n, ...(params || {}) };
  if (Array.isArray(found)) {
    const index = (PLURAL_INDEX[lang] || PLURAL_INDEX.en)[pluralRules.select(n)] ?? found.length - 1;
    const form = found[Math.min(index, found.length - 1)];
    if (form) return fill(form, values);
  }
  return fill(n === 1 ? singular : plural, values);
}
