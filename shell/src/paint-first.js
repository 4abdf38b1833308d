// Starts the shell on a prerendered page only once the browser has painted the HTML it was sent,
// so a phone shows the first screen before it spends a second compiling and running the app.
// scripts/prerender.mjs swaps the page's own <script src="main…js"> for this file (content-hashed),
// passing the original address in data-main and, in data-preload, the chunks main.js would ask for
// one after another: they are all requested together, after the paint, not competing with it.
// Kept tiny and dependency-free: it runs first.
(function paintFirst() {
  var script = document.currentScript;
  var main = script && script.getAttribute('data-main');
  if (!main) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // One insertion for all of them: each change to <head> costs the browser a style check.
    var tags = document.createDocumentFragment();
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      tags.appendChild(link);
    });
    var tag = document.createElement('script');
    tag.src = main;
    tags.appendChild(tag);
    document.head.appendChild(tags);
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
