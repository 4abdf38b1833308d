/** The studio mark, as in the public site's header. */
export function AdminLogo() {
  return (
    <svg width="32" height="32" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="10" fill="#171a22" stroke="#f5b942" strokeWidth="2" />
      <g fill="#f5b942">
        <rect x="9" y="18" width="3.5" height="13" rx="1.75" />
        <rect x="15" y="10" width="3.5" height="21" rx="1.75" />
        <rect x="21" y="14" width="3.5" height="17" rx="1.75" />
        <rect x="27" y="21" width="3.5" height="10" rx="1.75" />
      </g>
      <circle cx="31" cy="11" r="3" fill="#ff6b5a" />
    </svg>
  );
}
