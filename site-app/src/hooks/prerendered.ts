/**
 * True while rendering the home page the shell prerendered: during the build's prerender (no
 * DOM), and in the browser while hydrating that HTML (its sections are already in the document).
 * Then every section renders at once, exactly as the HTML has them; a visit that starts
 * elsewhere builds the home page in steps instead (see home-page.tsx and home-sections.tsx).
 */
export function homeSectionsPrerendered(): boolean {
  return typeof document === 'undefined' || document.getElementById('pricing') !== null;
}
