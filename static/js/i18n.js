// The page's language in the browser: the same gettext catalogue the server uses, fetched once as JSON
// (/i18n/<lang>.json). `gettext("Copy")` translates a text, `gettext("{name} joined", { name })` fills named holes
// after translating, `ngettext("{n} card", "{n} cards", n)` picks the plural form the language needs. The names are
// gettext's own, so `make messages` finds every call. A table or replay page (an element with data-game-id) also
// gets that game's own catalogue (/i18n/<lang>/<game>.json), and `shown()` writes the game's texts (log lines,
// prompts, labels, results: `{text, say}`) in the reader's language.
export const lang = document.documentElement.lang || 'en';
const gameId = document.querySelector('[data-game-id]')?.dataset.gameId;

async function load(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : {};
  } catch (err) {
    return {};  // offline or blocked: the English texts stay readable
  }
}

let messages = {};
if (lang !== 'en') {
  const [site, game] = await Promise.all([load(`/i18n/${lang}.json`), gameId ? load(`/i18n/${lang}/${gameId}.json`) : {}]);
  messages = { ...site, ...game };
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

// ---- the games' texts: a message id with arguments (app/engine/text.py) ----------------------------------------

const lists = {};
export function joinWords(items, join) {
  if (join === ',') return items.join(', ');
  const type = join === 'or' ? 'disjunction' : 'conjunction';
  lists[type] = lists[type] || new Intl.ListFormat(lang, { style: 'long', type });
  return lists[type].format(items);
}

function writeArg(value) {
  if (typeof value === 'string') return value.startsWith('@') ? value : gettext(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return joinWords(value.map(writeArg), 'and');
  if (value && typeof value === 'object') {
    if ('list' in value) return joinWords(value.list.map(writeArg), value.join || 'and');
    if ('verbatim' in value) return String(value.verbatim);  // a nickname: never looked up
    if ('msg' in value) return writeText(value);
  }
  return String(value ?? '');
}

/** A Text ({msg, args}) in the page's language; players stay `@<seat>` for the namer to write. */
export function writeText(text) {
  const args = {};
  for (const [name, value] of Object.entries(text.args || {})) args[name] = writeArg(value);
  if (Array.isArray(text.msg)) return ngettext(text.msg[0], text.msg[1], text.args.n, args);
  return gettext(text.msg, args);
}

/** What to show for something the server wrote as `{text, say}` (an event, a prompt, a result) or an action
 * (`{label, say}`): the English text in English, else the Text written in the page's language. */
export function shown(item) {
  if (!item) return '';
  const english = item.text ?? item.label ?? '';
  return lang !== 'en' && item.say ? writeText(item.say) : english;
}

/** A refusal the server sent (`{code, message, say}`, an HTTP answer's `detail` or a websocket `error`) in the
 * page's language: its English `message` in English, else its `say`; '' when there is none. */
export function refusalText(refusal) {
  if (!refusal || typeof refusal !== 'object') return '';
  return shown({ text: refusal.message, say: refusal.say });
}
