// Starts the shell on a prerendered page only once the browser has painted the HTML it was sent,
// so a phone shows the first screen before it spends a second compiling and running the app.
// scripts/prerender.mjs swaps the page's own <script src="main…js"> for this code, inlined in the
// head (a file of its own was one more request racing the stylesheets and the page's picture on a
// slow phone; the CSP allows it by its hash), passing the original address in data-main and, in
// data-preload, the chunks main.js would ask for one after another: they are all requested
// together, after the paint, not competing with it. Kept tiny and dependency-free: it runs first.
(function paintFirst() {
  var script = document.currentScript;
  var main = script && script.getAttribute('data-main');
  if (!main) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function tag(name, attributes) {
    var element = document.createElement(name);
    Object.keys(attributes).forEach(function (key) {
      element.setAttribute(key, attributes[key]);
    });
    return element;
  }
  function start() {
    if (started) return;
    // It runs while the head is parsed: the app must not hydrate a half-parsed page.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start);
      return;
    }
    started = true;
    var queue = preload
      .map(function (href) {
        return tag('link', { rel: 'preload', as: 'script', href: href });
      })
      .concat(tag('script', { src: main }));
    // One element per task: starting a download costs the page a few milliseconds each, and
    // all of them at once would be a long task on a slow phone.
    (function next() {
      var element = queue.shift();
      if (!element) return;
      document.head.appendChild(element);
      setTimeout(next, 0);
    })();
  }
  var observes =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (observes) {
    // Reported once the first contentful frame is on screen (buffered: even if that was already).
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing: two frames in, the first one has been painted.
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  // A hidden tab paints nothing: start anyway.
  setTimeout(start, 1000);
})();
