// Point the widget JavaScript at the copies vendored into this book's static folder.
//
// Loaded after require.js and before @jupyter-widgets/html-manager's embed-amd.js.
// Each AMD module in embed-amd.js (html-manager, base, controls, ...) takes the URL of its
// fonts from its own RequireJS module URL, which by default is relative to the page (e.g.
// "@jupyter-widgets/html-manager/dist/<hash>.woff2" next to book/page.html). Widget modules
// the manager does not bundle come from `data-jupyter-widgets-cdn`, a public CDN by default.
// Both are sent to this book's static folder instead: every @jupyter-widgets module resolves
// to the folder holding embed-amd.js and its fonts, so a page never asks another host.
(function () {
  "use strict";
  var script = document.currentScript;
  var src = script.src.split(/[?#]/)[0];
  var staticUrl = src.slice(0, src.lastIndexOf("/") + 1);
  var dist = staticUrl + "jupyter-widgets/html-manager/dist";
  // RequireJS uses the longest matching prefix: both entries lead to the same folder.
  require.config({
    paths: {
      "@jupyter-widgets/html-manager/dist": dist,
      "@jupyter-widgets": dist,
    },
  });
  // A widget module that is not vendored fails loudly here (404) instead of leaving the host.
  script.setAttribute("data-jupyter-widgets-cdn", staticUrl + "widget-modules/");
})();
