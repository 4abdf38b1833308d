/**
 * The review player both remotes show: the client's in the portal, the staff's on the project
 * page. Source shared through the `@studio/review-player` alias (webpack, TypeScript, jest), so
 * each app bundles it into its own lazy chunk; it never enters the shared library's build.
 */
export { default } from './review-player';
export type { NewNote, ReviewPlayerProps } from './review-player';
