// Accessible names for widget controls in the static book.
//
// html-manager renders ipywidgets controls without names for assistive technology: the
// slider handle (role="slider") is not tied to its description label, and the Play
// widget's buttons hold only an icon. This script names them as widgets appear or change
// (Play swaps its play/pause icon), so every control can be found and operated by name.
(function () {
  "use strict";
  var PLAY_ICONS = [
    ["fa-pause", "Pause"],
    ["fa-play", "Play"],
    ["fa-stop", "Stop"],
    ["fa-retweet", "Repeat"],
    ["fa-repeat", "Repeat"],
  ];
  var counter = 0;

  function labelId(label) {
    if (!label.id) {
      counter += 1;
      label.id = "widget-label-" + counter;
    }
    return label.id;
  }

  function nameFromLabel(control, widget) {
    if (control.hasAttribute("aria-label") || control.hasAttribute("aria-labelledby")) return;
    var label = widget.querySelector(":scope > .widget-label");
    if (label && label.textContent.trim()) {
      control.setAttribute("aria-labelledby", labelId(label));
    } else if (widget.title && widget.title !== "null") {
      control.setAttribute("aria-label", widget.title);
    }
  }

  function nameWidgets(root) {
    root.querySelectorAll(".widget-slider").forEach(function (widget) {
      widget.querySelectorAll('[role="slider"]').forEach(function (handle) {
        nameFromLabel(handle, widget);
      });
    });
    root.querySelectorAll(".widget-toggle-buttons").forEach(function (widget) {
      var group = widget.querySelector(":scope > div");
      if (group && !group.hasAttribute("role")) {
        group.setAttribute("role", "group");
        nameFromLabel(group, widget);
      }
    });
    root.querySelectorAll(".widget-play button").forEach(function (button) {
      var icon = button.querySelector("i, svg");
      var classes = icon ? icon.getAttribute("class") || "" : "";
      for (var i = 0; i < PLAY_ICONS.length; i += 1) {
        if (classes.indexOf(PLAY_ICONS[i][0]) !== -1) {
          var name = PLAY_ICONS[i][1];
          // Set only what differs: every write would be observed again.
          if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
          if (button.title !== name) button.title = name;
          return;
        }
      }
    });
    // Description labels carry title="null" when a widget has no tooltip.
    root.querySelectorAll('.widget-label[title="null"]').forEach(function (label) {
      label.removeAttribute("title");
    });
  }

  var pending = false;
  var observer = new MutationObserver(function () {
    if (pending) return;
    pending = true;
    queueMicrotask(function () {
      pending = false;
      nameWidgets(document);
    });
  });

  function start() {
    nameWidgets(document);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  }

  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
