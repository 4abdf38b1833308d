/**
 * bull-board draws icon-only buttons with no name (Redis details, full screen, settings, the
 * links menu, each queue's actions) and icons marked as images with no text. This script, served
 * from the board's own path (the CSP allows scripts from 'self' only), names each button from its
 * icon and hides the icons from assistive technology; it repeats as the board re-renders.
 * It also gives the queue cards' count bars a text colour that keeps AA contrast on every state's
 * colour: dark text on the light theme's bright colours, and deeper colours under white text in
 * the dark theme (white on the board's own green or amber is about 2:1), and keeps the board's
 * title readable on a phone.
 */
export const BOARD_A11Y_PATH = '/desk-a11y.js';

export const BOARD_A11Y_SCRIPT = `(function () {
  var BY_ICON = {
    '0 0 24 24': 'Redis details',
    '0 0 448 512': 'Full screen',
    '0 0 512 512': 'Settings',
    '0 0 48 48': 'Links'
  };
  function contextOf(button) {
    var node = button.parentElement;
    for (var i = 0; node && i < 6; i++, node = node.parentElement) {
      var heading = node.querySelector('h1, h2, h3, h4, a[href]');
      if (heading && heading.textContent.trim()) return heading.textContent.trim();
    }
    return '';
  }
  function nameButton(button) {
    // innerText: an icon's inline <style> is text to textContent, but shows nothing.
    if (button.getAttribute('aria-label') || (button.innerText || '').trim()) return;
    var svg = button.querySelector('svg');
    var box = svg ? svg.getAttribute('viewBox') : '';
    var label = BY_ICON[box];
    if (!label) {
      var where = contextOf(button);
      label = where ? 'More actions: ' + where : 'More actions';
    }
    button.setAttribute('aria-label', label);
  }
  function fix() {
    document.querySelectorAll('button').forEach(nameButton);
    document.querySelectorAll('button svg, a svg').forEach(function (svg) {
      if (svg.getAttribute('aria-hidden') !== 'true') svg.setAttribute('aria-hidden', 'true');
      svg.setAttribute('focusable', 'false');
    });
  }
  // The board's own stylesheets load after this script (one is fetched with the queue view), so
  // the rules below win by !important and a doubled class, not by coming last.
  var style = document.createElement('style');
  style.textContent =
    '[class*="progressBar-"]{color:#111 !important}' +
    // On a phone the title leaves its dark sidebar for the white header but keeps its white text.
    '@media (max-width:768px){header [class*="logo-"]{color:var(--text-color) !important}}' +
    '.dark-mode [class*="progressBar-"]{color:#fff !important}' +
    '.dark-mode.dark-mode{--failed:#a83232;--completed:#24703f;--waiting:#86651b;--waiting-children:#9a5a25;' +
    '--prioritized:#93379f;--active:#3c66b3;--delayed:#6c4dc0;--paused:#66615d}';
  document.head.appendChild(style);
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
  fix();
})();
`;
