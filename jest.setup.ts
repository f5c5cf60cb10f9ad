import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A page's first request can take over a second in jsdom on two busy cores (accessGate.test waited 1 s, the
// default, in CI); findBy/waitFor still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom's getComputedStyle matches every rule of every sheet against the element, and antd's CSS-in-JS injects
// thousands of rules: a click (antd's wave effect reads the border colour) or a role query cost seconds. The tests
// need computed styles only to tell hidden from shown, so each injected sheet keeps just its rules that hide.
if (typeof window !== 'undefined') {
  const HIDING = /display:\s*none|visibility:\s*hidden/;
  const keepHidingRules = (sheet: CSSStyleSheet | CSSMediaRule) => {
    for (let i = sheet.cssRules.length - 1; i >= 0; i -= 1) {
      const rule = sheet.cssRules[i];
      if ('cssRules' in rule && (rule as CSSMediaRule).media) keepHidingRules(rule as CSSMediaRule);
      else if (!HIDING.test(rule.cssText)) sheet.deleteRule(i);
    }
  };
  const styleOf = (node: Node | null) =>
    node instanceof HTMLStyleElement
      ? node
      : node?.parentNode instanceof HTMLStyleElement
        ? node.parentNode
        : null;
  const trimStyles = (records: MutationRecord[]) => {
    const touched = new Set<HTMLStyleElement>();
    for (const record of records) {
      [record.target, ...Array.from(record.addedNodes)].forEach((node) => {
        const style = styleOf(node);
        if (style) touched.add(style);
      });
    }
    touched.forEach((style) => style.sheet && keepHidingRules(style.sheet));
  };
  new MutationObserver(trimStyles).observe(document.documentElement, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}
