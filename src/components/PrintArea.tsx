// The print helper (spec §2): prints one area of a page in a hidden frame, with the page's styles and
// without the elements marked `no-print` (the print button itself among them).
import { useCallback, useRef, type ReactNode } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';

export const NO_PRINT_CLASS = 'no-print';
/** Stylesheets may still be loading in the frame; the print waits for them this long at most. */
const STYLESHEET_WAIT_MS = 1000;

/** Form controls keep what was typed in their properties; the copy needs it in attributes. */
function copyFormValues(source: HTMLElement, copy: HTMLElement): void {
  const sources = source.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  );
  const copies = copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  );
  sources.forEach((control, index) => {
    const target = copies[index];
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked) target.setAttribute('checked', '');
      else target.removeAttribute('checked');
    } else if (control instanceof HTMLTextAreaElement) {
      target.textContent = control.value;
    } else if (control instanceof HTMLSelectElement) {
      target.querySelectorAll('option').forEach((option, optionIndex) => {
        option.toggleAttribute('selected', control.selectedIndex === optionIndex);
      });
    } else {
      target.setAttribute('value', control.value);
    }
  });
}

function stylesheetsLoaded(doc: Document): Promise<unknown> {
  const links = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
  const loads = links.map(
    (link) => new Promise((resolve) => link.addEventListener('load', resolve, { once: true })),
  );
  return Promise.race([
    Promise.all(loads),
    new Promise((resolve) => setTimeout(resolve, STYLESHEET_WAIT_MS)),
  ]);
}

/** Prints `element` in a hidden frame, which is removed after printing; resolves once printed. */
export async function printElement(element: HTMLElement, title = document.title): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.appendChild(frame);
  const doc = frame.contentDocument as Document;
  doc.title = title;
  // antd's styles are <style> elements in the head; the build's CSS is linked.
  document
    .querySelectorAll('style, link[rel="stylesheet"]')
    .forEach((node) => doc.head.appendChild(node.cloneNode(true)));
  const hide = doc.createElement('style');
  hide.textContent = `.${NO_PRINT_CLASS} { display: none !important; }`;
  doc.head.appendChild(hide);
  const copy = element.cloneNode(true) as HTMLElement;
  copyFormValues(element, copy);
  doc.body.appendChild(doc.importNode(copy, true));
  await stylesheetsLoaded(doc);
  try {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
  } finally {
    frame.remove();
  }
}

/** A ref for the area to print and the function that prints it. */
export function usePrint<T extends HTMLElement = HTMLDivElement>(title?: string) {
  const ref = useRef<T>(null);
  const print = useCallback(
    () => (ref.current ? printElement(ref.current, title) : Promise.resolve()),
    [title],
  );
  return { ref, print };
}

/** An area with a 打印 button (not printed) that prints the area. */
export function PrintArea({ title, children }: { title?: string; children: ReactNode }) {
  const { ref, print } = usePrint(title);
  return (
    <div ref={ref} className="print-area">
      <div className={NO_PRINT_CLASS} style={{ textAlign: 'right', marginBottom: 16 }}>
        <Button icon={<PrinterOutlined />} onClick={() => void print()}>
          打印
        </Button>
      </div>
      {children}
    </div>
  );
}
