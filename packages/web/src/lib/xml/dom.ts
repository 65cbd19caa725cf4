/** Reading received stanzas: child elements by local name (and namespace) and numeric attributes. */

/** Child elements in order (sibling links: cheap in every DOM, unlike live `children` collections in jsdom). */
function* elements(el: Element): Generator<Element> {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) yield c;
}

/** The first child element with this local name (and namespace, when given). */
export function child(
  el: Element,
  name: string,
  ns?: string,
): Element | undefined {
  for (const c of elements(el))
    if (c.localName === name && (ns === undefined || c.namespaceURI === ns))
      return c;
  return undefined;
}

/** The child elements with this local name. */
export function children(el: Element, name: string): Element[] {
  return [...elements(el)].filter((c) => c.localName === name);
}

/** A numeric attribute; 0 when absent or not a number. */
export function numberAttr(el: Element, name: string): number {
  const value = Number(el.getAttribute(name) ?? "");
  return Number.isFinite(value) ? value : 0;
}
