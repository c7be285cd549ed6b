// dom.js: building elements without HTML strings, so that whatever the
// server relays (a name from an event file, an alert's words) is always
// text, never markup.

/**
 * el makes an element. attrs: "class"; "text" (its text content);
 * "dataset" (an object of data-* values); on* functions (event
 * listeners); anything else an attribute (true for an empty one; null,
 * undefined and false leave it out). Children are nodes or text.
 */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** clear removes an element's children and returns it. */
export function clear(e) {
  while (e.firstChild) e.firstChild.remove();
  return e;
}

/** colored shows text (a suit symbol, a card, a call) in a span coloured red or black. */
export function colored(text, red) {
  return el('span', { class: red ? 'red' : 'black' }, text);
}
