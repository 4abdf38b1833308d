import { STUDIO_MARK } from '@studio/shared';

/** The studio mark: equaliser bars inside a rounded square. Decorative next to the brand name. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox={STUDIO_MARK.viewBox}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
      dangerouslySetInnerHTML={{ __html: STUDIO_MARK.body }}
    />
  );
}
