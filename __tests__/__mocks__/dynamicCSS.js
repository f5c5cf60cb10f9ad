// Stands in for @rc-component/util's dynamicCSS, through which antd's CSS-in-JS injects its styles. jsdom parses every
// injected sheet and matches every rule of every sheet in getComputedStyle, and rc-util looks a style up by walking
// <head>'s children: with the thousands of rules antd writes, a click or a role query cost seconds. The tests need
// computed styles only to tell hidden from shown, so a style keeps just the rules that hide (top level and in
// @media), cut from the text before jsdom sees it, and styles are found by key in a map.
const HIDING = /display:\s*none|visibility:\s*hidden/;

/** The rules of minified CSS (stylis' output) that hide, @media blocks kept around theirs. */
function hidingRules(css) {
  let kept = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    let depth = 1;
    let end = open + 1;
    for (; end < css.length && depth > 0; end += 1) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}') depth -= 1;
    }
    const prelude = css.slice(at, open).trim();
    const body = css.slice(open + 1, end - 1);
    if (prelude.startsWith('@media')) {
      const inner = hidingRules(body);
      if (inner) kept += `${prelude}{${inner}}`;
    } else if (!/^@(keyframes|font-face|layer)/.test(prelude) && HIDING.test(body)) {
      kept += `${prelude}{${body}}`;
    }
    at = end;
  }
  return kept;
}

const markOf = ({ mark } = {}) => (mark ? (mark.startsWith('data-') ? mark : `data-${mark}`) : 'rc-util-key');
const containerOf = (option = {}) => option.attachTo || document.head || document.body;
const styles = new Map();

function injectCSS(css, option = {}) {
  const style = document.createElement('style');
  if (option.csp?.nonce) style.nonce = option.csp.nonce;
  style.textContent = hidingRules(css);
  containerOf(option).appendChild(style);
  return style;
}

function updateCSS(css, key, option = {}) {
  const id = `${markOf(option)}|${key}`;
  let style = styles.get(id);
  if (!style) {
    style = document.createElement('style');
    style.setAttribute(markOf(option), key);
    styles.set(id, style);
  }
  if (style.fullText !== css) {
    style.fullText = css;
    style.textContent = hidingRules(css);
  }
  // A style with nothing that hides stays out of the document: jsdom has nothing to parse or match.
  if (style.textContent && !style.isConnected) containerOf(option).appendChild(style);
  return style;
}

function removeCSS(key, option = {}) {
  const id = `${markOf(option)}|${key}`;
  styles.get(id)?.remove();
  styles.delete(id);
}

function clearContainerCache() {
  styles.clear();
}

module.exports = { injectCSS, updateCSS, removeCSS, clearContainerCache };
