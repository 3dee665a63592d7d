// Words that do not fit a narrow card or tile: the text gets smaller instead of breaking mid-word ("Merchan t").
// The page's language hyphenates where the browser can (`hyphens: auto` with the page's `lang`); where a word is still
// wider than its box (no hyphenation dictionary, a long name), its font shrinks step by step down to `min` pixels.
export function fitWords(root, selector, { min = 7 } = {}) {
  for (const node of root.querySelectorAll(selector)) {
    node.style.overflowWrap = 'normal';
    node.style.hyphens = 'auto';
    let size = parseFloat(getComputedStyle(node).fontSize);
    while (node.scrollWidth > node.clientWidth + 0.5 && size > min) {
      size = Math.max(min, size * 0.9);
      node.style.fontSize = `${size.toFixed(2)}px`;
    }
    if (node.scrollWidth > node.clientWidth + 0.5) node.style.overflowWrap = 'anywhere';  // the last resort: a break
  }
}
