// Accessible names for ipywidgets controls rendered by @jupyter-widgets/html-manager.
//
// ipywidgets 8 leaves the slider handle (role="slider") and the Play widget's icon-only
// buttons without an accessible name (axe: aria-input-field-name, button-name). This script
// names them once they are rendered, and keeps the Play button's name right when it turns
// into Pause: a slider handle gets "<description> — <walkthrough title>" (the title is the
// `.ms-title` text of the enclosing magicsub Stepper, when there is one); a Play button gets
// "Play", "Pause", "Stop" or "Repeat" and the walkthrough title. Nothing is fetched.
(function () {
  "use strict";
  var ICONS = { "fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop", "fa-retweet": "Repeat" };

  function titleOf(el) {
    var box = el.closest(".magicsub-stepper");
    var title = box && box.querySelector(".ms-title");
    return title ? title.textContent.trim() : "";
  }

  function nameSliders(root) {
    root.querySelectorAll(".widget-slider").forEach(function (slider) {
      var label = slider.querySelector(".widget-label");
      var words = (label && label.textContent.trim()) || "Value";
      var title = titleOf(slider);
      var name = title ? words + " — " + title : words;
      slider.querySelectorAll('[role="slider"]').forEach(function (handle) {
        if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
      });
    });
  }

  function namePlayButtons(root) {
    root.querySelectorAll(".widget-play button").forEach(function (button) {
      var icon = button.querySelector("i");
      var words = "";
      if (icon) {
        Object.keys(ICONS).forEach(function (cls) {
          if (icon.classList.contains(cls)) words = ICONS[cls];
        });
      }
      if (!words) return;
      var title = titleOf(button);
      var name = title ? words + " — " + title : words;
      if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
      if (button.getAttribute("title") !== words) button.setAttribute("title", words);
    });
  }

  var pending = false;
  function update() {
    pending = false;
    nameSliders(document);
    namePlayButtons(document);
  }
  function schedule() {
    if (!pending) {
      pending = true;
      (window.queueMicrotask || setTimeout)(update);
    }
  }
  function start() {
    update();
    new MutationObserver(schedule).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["class"],
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
