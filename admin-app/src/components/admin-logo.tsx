import { STUDIO_MARK } from '@studio/shared';

/** The studio mark, as in the public site's header (one drawing, in libs/shared). */
export function AdminLogo() {
  return (
    <svg
      width="32"
      height="32"
      viewBox={STUDIO_MARK.viewBox}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: STUDIO_MARK.body }}
    />
  );
}
