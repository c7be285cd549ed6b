// dom.js: building elements without HTML strings, so that names from an
// event file or a bot are always text, never markup.

/** el makes an element with attributes (class, data-*, on* handlers) and children. */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** suitSpan shows a suit symbol or a card/call text coloured by suit. */
export function colored(text, red) {
  return el('span', { class: red ? 'red' : 'black' }, text);
}
