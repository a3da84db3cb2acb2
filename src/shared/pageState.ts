/**
 * The data a server-rendered page carries for its first screen: react-query's dehydrated state
 * (serialized with superjson, the tRPC transformer) in `<script type="application/json"
 * id="page-state">`. It is data, never executed, so the Content-Security-Policy needs no
 * 'unsafe-inline'.
 */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** JSON safe inside a script element: a `<` in a car's name cannot close the tag or open a comment. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The element the server writes into the page, after the rendered root. */
export function pageStateElement(value: unknown): string {
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonForScriptElement(value)}</script>`;
}

/** What the server asks its page renderer (the built `entry-server`) for. */
export interface RenderInput {
  /** Path and query of the page, e.g. `/booking?car=<id>`. */
  url: string;
  /** react-query's dehydrated state, serialized with superjson (what the page inlines for the browser). */
  state: { json: unknown; meta?: unknown };
  /** The site's address (PUBLIC_URL or the server's own), for absolute links in the head. */
  origin: string;
}

/** A page as the renderer gives it back. */
export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** 404 for the "Page Not Found" route. */
  status: number;
  title: string;
  description: string;
  /** Open Graph's picture and type, and structured data, when the page gives them. */
  head?: { image?: string; type?: string; structuredData?: Record<string, unknown> };
}
