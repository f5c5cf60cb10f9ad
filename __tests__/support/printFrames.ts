// PrintArea prints through a hidden frame: catch each frame when it is added and keep a copy of what it prints.
// Undo with jest.restoreAllMocks().
export function watchPrintFrames(): Document[] {
  const printed: Document[] = [];
  const append = document.body.appendChild.bind(document.body);
  jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    if (node instanceof HTMLIFrameElement && node.contentWindow) {
      const frameDoc = node.contentDocument as Document;
      node.contentWindow.print = () => printed.push(frameDoc.cloneNode(true) as Document);
      node.contentWindow.focus = () => undefined;
    }
    return added;
  });
  return printed;
}
