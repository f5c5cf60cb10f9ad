// Attributes that antd gives no prop for, kept on its elements inside a frame while they come and go. Used where
// its markup fails an accessibility check (issue #15, e2e/accessibility.e2e.ts).

/** The attributes to keep on the elements matching `selector` within the frame. */
export interface KeptAttributes {
  selector: string;
  attributes: Readonly<Record<string, string>>;
}

function apply(root: Element, rules: readonly KeptAttributes[]): void {
  for (const { selector, attributes } of rules)
    root.querySelectorAll(selector).forEach((element) => {
      for (const [name, value] of Object.entries(attributes))
        if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    });
}

/**
 * A ref for the frame: sets `rules`' attributes on their elements in it now and whenever its content changes
 * (React sets some of them back, tabindex for one, when it renders the element again). Made once per rule set,
 * at module level, so that React keeps one observer per frame.
 */
export function keptAttributes(rules: readonly KeptAttributes[]): (frame: Element | null) => () => void {
  const names = rules.flatMap((rule) => Object.keys(rule.attributes));
  return (frame) => {
    if (!frame) return () => undefined;
    apply(frame, rules);
    const observer = new MutationObserver(() => apply(frame, rules));
    observer.observe(frame, { subtree: true, childList: true, attributeFilter: names });
    return () => observer.disconnect();
  };
}
