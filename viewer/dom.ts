/** A few helpers to build the page's elements without innerHTML. */
import { shownText } from "./shown";

export type Child = Node | string | number | null | undefined | false;

/** An element with attributes (`class` sets className) and children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Record<string, string | number | boolean | undefined> | null,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === false) continue;
    if (name === "class") element.className = String(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(shownText(String(child))));
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** `code` for a value, with `""` for the empty string. */
export function code(text: string): HTMLElement {
  return h("code", null, text === "" ? '""' : text);
}

/** A component value: "(undefined)" when the separator is absent, `""` when it is there with nothing after it. */
export function value(text: string | undefined): HTMLElement {
  if (text === undefined) return h("span", { class: "undefined" }, "(undefined)");
  if (text === "") return h("span", { class: "empty" }, h("code", null, '""'), " empty");
  return h("code", null, text);
}

/** A string in double quotes as JSON writes it, for messages. */
export function quoted(text: string): string {
  return JSON.stringify(text);
}
