/**
 * React Router v7 behaviour, opted into now (silences the v6 warnings). Every router in the
 * project (the shell's, and each remote's standalone one) uses these flags so that a page
 * behaves the same hosted and standalone. Safe here: all links and navigations are absolute.
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
